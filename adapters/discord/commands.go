package discord

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/pokerroom/pokerroom/bot"
)

// option is one typed option of a slash command and how its value becomes
// the room's arguments.
type option struct {
	name     string
	typ      discordgo.ApplicationCommandOptionType
	required bool
	en, es   string // descriptions
	choices  []string
	auto     bool // autocomplete (table names)
	min, max *float64
	arg      func(v any) []string
}

func num(f float64) *float64 { return &f }

// as* turn an option's value into arguments. A member mentioned in a text
// ("<@102>", "<@!102>", as Discord writes a mention) is their user id,
// the way the room names a player.
func asText(v any) []string {
	f := strings.Fields(fmt.Sprint(v))
	for i, w := range f {
		if id, ok := strings.CutPrefix(w, "<@"); ok && strings.HasSuffix(id, ">") {
			id = strings.TrimPrefix(strings.TrimSuffix(id, ">"), "!")
			if _, err := strconv.ParseUint(id, 10, 64); err == nil {
				f[i] = id
			}
		}
	}
	return f
}

func asInt(v any) []string {
	if f, ok := v.(float64); ok {
		return []string{strconv.FormatInt(int64(f), 10)}
	}
	return asText(v)
}

func asTable(v any) []string {
	s := strings.TrimPrefix(strings.TrimSpace(fmt.Sprint(v)), "#")
	if i := strings.IndexAny(s, " ·"); i > 0 {
		s = s[:i]
	}
	if s == "" {
		return nil
	}
	return []string{"#" + s}
}

func prefixed(p string) func(any) []string {
	return func(v any) []string {
		out := asInt(v)
		if len(out) == 1 {
			out[0] = p + out[0]
		}
		return out
	}
}

func flag(word string) func(any) []string {
	return func(v any) []string {
		if b, ok := v.(bool); ok && b {
			return []string{word}
		}
		return nil
	}
}

var tourneyOption = option{name: "tournament", typ: discordgo.ApplicationCommandOptionString, en: "The tournament, such as T3 (when the channel has several)",
	es: "El torneo, como T3 (si el canal tiene varios)", arg: asText}

var tableOption = option{name: "table", typ: discordgo.ApplicationCommandOptionString, en: "The table (when the channel has several)",
	es: "La mesa (si el canal tiene varias)", auto: true, arg: asTable}

// options are the typed options of each command, in the order the room
// reads its arguments.
var options = map[string][]option{
	"join": {
		{name: "buyin", typ: discordgo.ApplicationCommandOptionInteger, en: "Chips to sit down with (default: the most you can)", es: "Fichas con las que sentarte (por defecto: lo máximo posible)", min: num(1), arg: asInt},
		{name: "post", typ: discordgo.ApplicationCommandOptionBoolean, en: "Post a big blind to play at once", es: "Pon una ciega grande para jugar ya", arg: flag("post")},
		{name: "seat", typ: discordgo.ApplicationCommandOptionInteger, en: "The seat you want", es: "El asiento que quieres", min: num(1), max: num(10), arg: prefixed("seat=")},
		tableOption,
	},
	"leave":  {tableOption},
	"sitout": {tableOption},
	"back":   {tableOption},
	"topup": {
		{name: "chips", typ: discordgo.ApplicationCommandOptionInteger, required: true, en: "Chips to add", es: "Fichas que añadir", min: num(1), arg: asInt},
		tableOption,
	},
	"bet":     {{name: "to", typ: discordgo.ApplicationCommandOptionString, required: true, en: "A total, or pot, 1/2 pot, min, max", es: "Un total, o pot, 1/2 pot, min, max", arg: asText}},
	"raise":   {{name: "to", typ: discordgo.ApplicationCommandOptionString, required: true, en: "A total, or pot, 1/2 pot, min, max", es: "Un total, o pot, 1/2 pot, min, max", arg: asText}},
	"discard": {{name: "cards", typ: discordgo.ApplicationCommandOptionString, required: true, en: "The cards to throw, such as 2c 7d", es: "Las cartas que descartas, como 2c 7d", arg: asText}},
	"export": {
		{name: "hands", typ: discordgo.ApplicationCommandOptionString, en: "How many (default 100, at most 1000), today, or a tournament such as T3", es: "Cuántas (por defecto 100, máximo 1000), today, o un torneo como T3", arg: asText},
		{name: "format", typ: discordgo.ApplicationCommandOptionString, en: "pokerstars (the default) or phh", es: "pokerstars (por defecto) o phh", choices: []string{"pokerstars", "phh"}, arg: asText},
	},
	"history": {{name: "hands", typ: discordgo.ApplicationCommandOptionInteger, en: "How many hands", es: "Cuántas manos", min: num(1), max: num(20), arg: asInt}},
	"help":    {{name: "command", typ: discordgo.ApplicationCommandOptionString, en: "A command to explain", es: "Un comando que explicar", arg: asText}},
	"newtable": {
		{name: "variant", typ: discordgo.ApplicationCommandOptionString, required: true, en: "The game", es: "El juego", choices: strings.Fields(bot.VariantNames), arg: asText},
		{name: "stakes", typ: discordgo.ApplicationCommandOptionString, required: true, en: "Small/big blind, such as 1/2", es: "Ciega pequeña/grande, como 1/2", arg: asText},
		{name: "options", typ: discordgo.ApplicationCommandOptionString, en: "key=value options: seats=9 buyin=40-200 ante=1 ...", es: "Opciones clave=valor: seats=9 buyin=40-200 ante=1 ...", arg: asText},
	},
	"newpool": {
		{name: "variant", typ: discordgo.ApplicationCommandOptionString, required: true, en: "The game", es: "El juego", choices: strings.Fields(bot.VariantNames), arg: asText},
		{name: "stakes", typ: discordgo.ApplicationCommandOptionString, required: true, en: "Small/big blind, such as 1/2", es: "Ciega pequeña/grande, como 1/2", arg: asText},
		{name: "options", typ: discordgo.ApplicationCommandOptionString, en: "key=value options: seats=6 buyin=40-200 timer=20 ...", es: "Opciones clave=valor: seats=6 buyin=40-200 timer=20 ...", arg: asText},
	},
	"pool": {
		{name: "action", typ: discordgo.ApplicationCommandOptionString, en: "join, sitout, back or leave; empty shows the pools and your entries", es: "join, sitout, back o leave; vacío muestra los pools y tus entradas",
			choices: []string{"join", "sitout", "back", "leave"}, arg: asText},
		{name: "options", typ: discordgo.ApplicationCommandOptionString, en: "A buy-in (join) or an entry number or all; P2 when the chat has several pools", es: "Una entrada (join) o un número de entrada o all; P2 si el chat tiene varios pools", arg: asText},
	},
	"fastfold":   {tableOption},
	"closetable": {tableOption},
	"closepool": {{name: "pool", typ: discordgo.ApplicationCommandOptionString, en: "The pool, such as P2 (when the channel has several)",
		es: "El pool, como P2 (si el canal tiene varios)", arg: asText}},
	"register": {tourneyOption, {name: "pair", typ: discordgo.ApplicationCommandOptionInteger, en: "Pairs tournament: join this pair as member 2",
		es: "Torneo por parejas: únete a esta pareja como miembro 2", min: num(1), arg: prefixed("pair=")}},
	"unregister": {tourneyOption},
	"reenter":    {tourneyOption},
	"standings":  {tourneyOption},
	"league":     {{name: "name", typ: discordgo.ApplicationCommandOptionString, en: "The league (default: this chat's first)", es: "La liga (por defecto: la primera de este chat)", arg: asText}},
	"stats": {
		{name: "player", typ: discordgo.ApplicationCommandOptionUser, en: "Whose statistics (default: yours; another's if public)", es: "De quién (por defecto: las tuyas; las de otro si son públicas)", arg: asText},
		{name: "period", typ: discordgo.ApplicationCommandOptionString, en: "This week, this month or all time", es: "Esta semana, este mes o desde siempre", choices: []string{"week", "month", "all"}, arg: asText},
		{name: "share", typ: discordgo.ApplicationCommandOptionString, en: "Instead: make your statistics public or private", es: "En su lugar: haz tus estadísticas públicas o privadas", choices: []string{"public", "private"}, arg: asText},
	},
	"leaderboard": {
		{name: "period", typ: discordgo.ApplicationCommandOptionString, en: "This week, this month or all time", es: "Esta semana, este mes o desde siempre", choices: []string{"week", "month", "all"}, arg: asText},
		{name: "kind", typ: discordgo.ApplicationCommandOptionString, en: "Cash tables (the default) or tournaments", es: "Mesas de cash (por defecto) o torneos", choices: []string{"cash", "tourney"}, arg: asText},
	},
	"deal": {
		{name: "action", typ: discordgo.ApplicationCommandOptionString, en: "Propose (icm, chop), accept or decline; empty shows the deal", es: "Proponer (icm, chop), aceptar o rechazar; vacío muestra el trato",
			choices: []string{"icm", "chop", "accept", "decline"}, arg: asText},
		tourneyOption,
	},
	"tourney": {
		{name: "action", typ: discordgo.ApplicationCommandOptionString, required: true, en: "What to do", es: "Qué hacer",
			choices: []string{"info", "players", "structure", "payouts", "create", "edit", "open", "close", "start", "cancel", "pause", "resume", "bots", "balance", "dq", "refuse", "template", "schedule"}, arg: asText},
		{name: "options", typ: discordgo.ApplicationCommandOptionString, en: "T3, a name and key=value options, such as Friday buyin=10+1 start=21:00", es: "T3, un nombre y opciones clave=valor, como Viernes buyin=10+1 start=21:00", arg: asText},
	},
	"addbot": {{name: "count", typ: discordgo.ApplicationCommandOptionInteger, en: "How many practice opponents", es: "Cuántos rivales de práctica", min: num(1), max: num(9), arg: asInt}},
	"grant": {
		{name: "player", typ: discordgo.ApplicationCommandOptionUser, en: "Who gets the chips", es: "Quién recibe las fichas", arg: asText},
		{name: "chips", typ: discordgo.ApplicationCommandOptionInteger, en: "How many chips (negative: take them back)", es: "Cuántas fichas (negativo: retirarlas)", arg: asInt},
		{name: "limits", typ: discordgo.ApplicationCommandOptionString, en: "Instead: show or lower the caps, per grant and per day, such as 1000 5000", es: "En su lugar: muestra o baja los límites, por entrega y por día, como 1000 5000", arg: func(v any) []string {
			return append([]string{"limits"}, asText(v)...)
		}},
	},
	"adminlog": {{name: "count", typ: discordgo.ApplicationCommandOptionInteger, en: "How many actions (default 20)", es: "Cuántas acciones (por defecto 20)", min: num(1), max: num(100), arg: asInt}},
	"ban": {
		{name: "user", typ: discordgo.ApplicationCommandOptionUser, required: true, en: "Who is banned from the bot", es: "A quién se prohíbe usar el bot", arg: asText},
		{name: "reason", typ: discordgo.ApplicationCommandOptionString, en: "Why", es: "Por qué", arg: asText},
	},
	"unban": {{name: "user", typ: discordgo.ApplicationCommandOptionUser, required: true, en: "Whose ban is lifted", es: "A quién se levanta la prohibición", arg: asText}},
	"lang": {
		{name: "language", typ: discordgo.ApplicationCommandOptionString, required: true, en: "Your language", es: "Tu idioma", choices: []string{"en", "es"}, arg: asText},
		{name: "channel", typ: discordgo.ApplicationCommandOptionBoolean, en: "Instead: the channel's language (admins)", es: "En su lugar: el idioma del canal (admins)", arg: flag("chat")},
	},
	"spectate": {
		{name: "channel", typ: discordgo.ApplicationCommandOptionChannel, en: "Where hand summaries go", es: "Dónde se publican los resúmenes", arg: asText},
		{name: "off", typ: discordgo.ApplicationCommandOptionBoolean, en: "Stop posting summaries there", es: "Deja de publicarlos allí", arg: flag("off")},
	},
}

// spanish are the locales that read Spanish.
var spanish = []discordgo.Locale{discordgo.SpanishES, discordgo.SpanishLATAM}

func localized(es string) *map[discordgo.Locale]string {
	m := map[discordgo.Locale]string{}
	for _, l := range spanish {
		m[l] = es
	}
	return &m
}

// applicationCommands are the room's command table as Discord's
// application commands: typed options, choices for variants and
// languages, autocomplete for tables, Spanish descriptions, Manage Server
// as the default permission of admin and operator commands (a server can
// change it; the room checks again), and servers only for the commands
// that work only in a group.
func applicationCommands() []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	manage := int64(discordgo.PermissionManageGuild)
	guildOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	for _, c := range bot.Commands() {
		ac := &discordgo.ApplicationCommand{Name: c.Name, Description: c.Description[bot.English],
			DescriptionLocalizations: localized(c.Description[bot.Spanish])}
		if c.Admin {
			ac.DefaultMemberPermissions = &manage
		}
		if c.Where == bot.PlaceGroup {
			ac.Contexts = &guildOnly // refused in a DM: not offered there
		}
		for _, o := range options[c.Name] {
			opt := &discordgo.ApplicationCommandOption{Type: o.typ, Name: o.name, Description: o.en,
				DescriptionLocalizations: *localized(o.es), Required: o.required, Autocomplete: o.auto}
			if o.min != nil {
				opt.MinValue = o.min
			}
			if o.max != nil {
				opt.MaxValue = *o.max
			}
			for _, ch := range o.choices {
				opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{Name: ch, Value: ch})
			}
			if o.typ == discordgo.ApplicationCommandOptionChannel {
				opt.ChannelTypes = []discordgo.ChannelType{discordgo.ChannelTypeGuildText}
			}
			ac.Options = append(ac.Options, opt)
		}
		out = append(out, ac)
	}
	return out
}

// commandArgs turns a slash command's options into the room's arguments,
// in the order the command declares them.
func commandArgs(name string, given []*discordgo.ApplicationCommandInteractionDataOption) []string {
	byName := map[string]any{}
	for _, o := range given {
		if o != nil {
			byName[o.Name] = o.Value
		}
	}
	var args []string
	for _, o := range options[name] {
		if v, ok := byName[o.name]; ok {
			args = append(args, o.arg(v)...)
		}
	}
	return args
}

// clearOtherScopes empties the application commands of the scopes the bot
// registered in before but not now (a bulk overwrite with an empty list):
// the global scope when it now registers in guilds, the guilds it no
// longer registers in. The scopes that may hold its commands are kept in
// the KV, per shard ("global" for the global scope, else a server's id),
// so that this is done once after a change: the scopes about to be
// emptied stay listed until they are, so a run stopped meanwhile leaves
// them to the next. A bot that kept none (its first start, or one before
// this was kept) empties the other scope everywhere it is: the global
// scope and the servers of its READY.
func (a *Adapter) clearOtherScopes(ctx context.Context, scopes []string) {
	kv, _ := a.cfg.State.(bot.KV)
	key := fmt.Sprintf("discord:commands:%s:%d", a.appID, a.cfg.ShardID)
	var prev []string
	known := false
	if kv != nil {
		if v, err := kv.Value(ctx, key); err == nil {
			prev, known = scopeList(v), true
		}
	}
	if !known {
		prev = []string{""}
		a.s.State.RLock()
		for _, g := range a.s.State.Ready.Guilds {
			if g != nil {
				prev = append(prev, g.ID)
			}
		}
		a.s.State.RUnlock()
	}
	var clear []string
	for _, g := range prev {
		if !slices.Contains(scopes, g) && !slices.Contains(clear, g) {
			clear = append(clear, g)
		}
	}
	keep := func(list []string) {
		if kv == nil {
			return
		}
		if err := kv.SetValue(context.WithoutCancel(ctx), key, scopeValue(list)); err != nil {
			a.log.Warn("could not keep where the commands are registered", "err", err)
		}
	}
	keep(append(slices.Clone(scopes), clear...))
	for _, g := range clear {
		if ctx.Err() != nil {
			return
		}
		_, err := a.s.ApplicationCommandBulkOverwrite(a.appID, g, []*discordgo.ApplicationCommand{}, discordgo.WithContext(ctx))
		var re *discordgo.RESTError
		if err != nil && !(errors.As(err, &re) && re.Response != nil && (re.Response.StatusCode == http.StatusForbidden || re.Response.StatusCode == http.StatusNotFound)) {
			// a server that removed the bot took its commands with it
			a.log.Warn("emptying the commands of a scope no longer registered failed; they may show twice", "guild", g, "err", err)
			return
		}
	}
	if len(clear) > 0 {
		keep(scopes)
	}
}

// scopeValue is a list of command scopes as the KV keeps it: sorted,
// comma-separated, the global scope ("") as "global".
func scopeValue(scopes []string) string {
	out := make([]string, 0, len(scopes))
	for _, g := range scopes {
		if g == "" {
			g = "global"
		}
		out = append(out, g)
	}
	slices.Sort(out)
	return strings.Join(slices.Compact(out), ",")
}

// scopeList reads scopeValue back.
func scopeList(v string) []string {
	var out []string
	for _, g := range strings.Split(v, ",") {
		switch g {
		case "":
		case "global":
			out = append(out, "")
		default:
			out = append(out, g)
		}
	}
	return out
}
