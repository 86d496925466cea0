package bot

// ViewKind says what a view is, for adapters that present kinds
// differently (a popup for cards, an embed for the table).
type ViewKind string

// The kinds of views.
const (
	ViewTable   ViewKind = "table"   // the table message of a hand, edited in place
	ViewCards   ViewKind = "cards"   // a player's hole cards, for them only
	ViewSummary ViewKind = "summary" // a finished hand, for the chat and spectators
	ViewNotice  ViewKind = "notice"  // a private note to one player
	ViewLobby   ViewKind = "lobby"   // a tournament's lobby, edited in place
	ViewNews    ViewKind = "news"    // tournament news, for the chat and spectators
	// ViewFile is a file for one player (View.File), its Text the
	// caption: always a new, private message, never edited (an outbox
	// refuses one with a Key or to a chat).
	ViewFile ViewKind = "file"
)

// View is a rendered, platform-neutral message: text lines and rows of
// buttons. It is the Body of an Outgoing message.
type View struct {
	Kind ViewKind
	// Text is the view as plain text (Rich.Plain when Rich is set).
	Text string
	// Rich is the view's structured content (rich.go), which a platform
	// formats its own way; nil: Text is shown as it is.
	Rich    *Rich
	Buttons [][]Button
	// Amount, when set, lets the acting player type any bet or raise in
	// range (a platform with forms shows one: Discord's modal).
	Amount *AmountInput
	// File is the attachment of a ViewFile view (nil otherwise).
	File *File
}

// File is a document sent to one player: a hand-history export. Each
// platform delivers it its own way (Telegram's sendDocument, a Discord
// attachment, a file the console writes) and refuses one over its size
// limit.
type File struct {
	// Name is the file's name ("hands-20261126-0556.txt"): letters,
	// digits, '-', '_' and '.' only.
	Name string
	// Data is the file's content.
	Data []byte
	// Lang is the language of the player it is for (bot.English or
	// bot.Spanish; "" is English): an adapter's own words about the file
	// (the console's "wrote FILE" line) speak it.
	Lang string
}

// AmountInput is a form for a bet or raise of the player's choosing: the
// signed token to send back with the amount typed, and the allowed range
// of the "to" total.
type AmountInput struct {
	Token    string
	Raise    bool // a raise (else a bet)
	Min, Max int64
	// User is the platform user id of the player whose turn it is, and
	// Name their name: a platform refuses the form to anyone else at the
	// press, saying whose turn it is.
	User, Name string
	// Lang is the language of the view's other buttons (the table's):
	// the button that opens the form speaks it too.
	Lang string
}

// Button is one button: its label, the signed token it carries, and the
// typed command that does the same (for chats without buttons). A button
// with a URL opens a link instead (a deep link that starts a private chat
// with the bot).
type Button struct {
	Label   string
	Token   string
	Command string
	URL     string
}
