package room

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"
)

// Chips belong to a community: each economy has its own wallets, welcome
// chips, house account and grants. An economy is a Telegram group (its
// community, which follows an upgrade to a supergroup), a Discord server
// (the channels of one server share it: Community.Guild), the console's
// room. A player's chips in one economy cannot be used, moved or seen in
// another.
//
// Ledger keys: a wallet is "wallet:<economy id>:<player id>", a house
// "house:<economy id>", the welcome mark "welcome:<economy id>:<player
// id>". Before economies a player had one wallet for every community
// ("player:<player id>", welcomed with "welcome:<player id>"): its chips
// move ("legacy:<player id>" marks the first time) to the first economy the
// player's wallet is opened in after the upgrade (the table they sat at
// when the room restarted, else where they next played), instead of that
// economy's welcome chips. Chips that reach it later (a cash table or
// tournament of a Discord channel whose server is not known yet: no
// command was typed there since the upgrade) follow to the next economy
// the player's wallet is opened in.

// guildChat is the chat id of a Discord server's economy community.
func guildChat(guild string) string { return "guild:" + guild }

// economy returns the community whose wallets comm's players use: a
// Discord channel's server, else comm itself.
func (r *Room) economy(ctx context.Context, comm bot.Community) (bot.Community, error) {
	comm = r.communityNow(comm)
	if comm.Guild == "" {
		return comm, nil
	}
	return r.community(ctx, comm.Platform, guildChat(comm.Guild), "Discord server "+comm.Guild)
}

func legacyKey(player int64) string { return "player:" + strconv.FormatInt(player, 10) }

// unplaced reports whether comm is a Discord channel recorded before
// economies whose server is not known yet.
func unplaced(comm bot.Community) bool {
	return comm.Platform == "discord" && comm.Guild == "" && !strings.HasPrefix(comm.ChatID, "guild:")
}

func walletKey(econ, player int64) string {
	return "wallet:" + strconv.FormatInt(econ, 10) + ":" + strconv.FormatInt(player, 10)
}

func welcomeKey(econ, player int64) string {
	return welcomePrefix(econ) + strconv.FormatInt(player, 10)
}

// welcomePrefix is the start of econ's welcome keys: its members'.
func welcomePrefix(econ int64) string { return "welcome:" + strconv.FormatInt(econ, 10) + ":" }

// houseOf returns the house account of comm's economy: rake, fees and
// practice opponents' chips.
func (r *Room) houseOf(ctx context.Context, comm bot.Community) (int64, error) {
	econ, err := r.economy(ctx, comm)
	if err != nil {
		return 0, err
	}
	r.mu.Lock()
	id, ok := r.houses[econ.ID]
	r.mu.Unlock()
	if ok {
		return id, nil
	}
	if id, err = r.store.OpenAccount(ctx, bot.AccountHouse, "house:"+strconv.FormatInt(econ.ID, 10), 0); err != nil {
		return 0, err
	}
	r.mu.Lock()
	r.houses[econ.ID] = id
	r.mu.Unlock()
	return id, nil
}

// wallet returns the player's wallet in comm's economy, opened (and the
// player welcomed there) if needed.
func (r *Room) wallet(ctx context.Context, p bot.Player, comm bot.Community) (int64, error) {
	econ, err := r.economy(ctx, comm)
	if err != nil {
		return 0, err
	}
	if unplaced(econ) {
		// Its chips wait in the player's wallet of before, which follows
		// them to their next economy.
		r.rememberLegacy(p, true)
		return r.store.OpenAccount(ctx, bot.AccountPlayer, legacyKey(p.ID), p.ID)
	}
	acc, err := r.store.OpenAccount(ctx, bot.AccountPlayer, walletKey(econ.ID, p.ID), p.ID)
	if err != nil {
		return 0, err
	}
	if err := r.welcome(ctx, p, econ, acc); err != nil {
		return 0, err
	}
	if err := r.sweepLegacy(ctx, p, econ, acc); err != nil {
		return 0, err
	}
	return acc, nil
}

// legacyOf returns the player's wallet of before economies (0: none),
// remembered per player.
func (r *Room) legacyOf(ctx context.Context, p bot.Player) (bot.AccountBalance, error) {
	e := r.cachedPlayer(p)
	if e != nil {
		e.mu.Lock()
		none := e.noLegacy
		e.mu.Unlock()
		if none {
			return bot.AccountBalance{}, nil
		}
	}
	accs, err := r.store.PlayerAccounts(ctx, p.ID)
	if err != nil {
		return bot.AccountBalance{}, err
	}
	for _, a := range accs {
		if a.Key == legacyKey(p.ID) {
			return a, nil
		}
	}
	r.rememberLegacy(p, false) // until a Discord channel of before opens it (wallet)
	return bot.AccountBalance{}, nil
}

// rememberLegacy notes in the players cache whether p may have a wallet
// of before economies.
func (r *Room) rememberLegacy(p bot.Player, may bool) {
	if e := r.cachedPlayer(p); e != nil {
		e.mu.Lock()
		e.noLegacy = !may
		e.mu.Unlock()
	}
}

// sweepLegacy moves chips that reached the player's wallet of before
// economies after its first move to acc, their wallet in econ.
func (r *Room) sweepLegacy(ctx context.Context, p bot.Player, econ bot.Community, acc int64) error {
	if p.Platform == table.BotPlatform {
		return nil
	}
	legacy, err := r.legacyOf(ctx, p)
	if err != nil || legacy.ID == 0 || legacy.Balance <= 0 {
		return err
	}
	err = r.store.Move(ctx, bot.Move{From: legacy.ID, To: acc, Amount: legacy.Balance, Reason: "wallet moved to its community",
		Reference: "community:" + strconv.FormatInt(econ.ID, 10)})
	if errors.Is(err, bot.ErrInsufficientFunds) {
		return nil // swept at the same time by another command
	}
	return err
}

// enter makes the player a member of comm's economy (their wallet, with
// the welcome chips), once.
func (r *Room) enter(ctx context.Context, p bot.Player, comm bot.Community) error {
	econ, err := r.economy(ctx, comm)
	if err != nil {
		return err
	}
	if r.welcomed(p, econ.ID) {
		return nil
	}
	_, err = r.wallet(ctx, p, econ)
	return err
}

// isMember reports whether the player was welcomed in econ (they used a
// command there): only members receive grants. The answer is remembered.
func (r *Room) isMember(ctx context.Context, p bot.Player, econ bot.Community) (bool, error) {
	if r.welcomed(p, econ.ID) {
		return true, nil
	}
	_, err := r.store.Value(ctx, welcomeKey(econ.ID, p.ID))
	switch {
	case err == nil:
		r.rememberWelcome(p, econ.ID)
		return true, nil
	case errors.Is(err, bot.ErrNotFound):
		return false, nil
	}
	return false, err
}

// welcomed reports whether the room remembers p as welcomed in econ.
func (r *Room) welcomed(p bot.Player, econ int64) bool {
	e := r.cachedPlayer(p)
	if e == nil {
		return false
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.welcomed[econ]
}

func (r *Room) rememberWelcome(p bot.Player, econ int64) {
	e := r.cachedPlayer(p)
	if e == nil {
		return
	}
	e.mu.Lock()
	if e.welcomed == nil {
		e.welcomed = map[int64]bool{}
	}
	e.welcomed[econ] = true
	e.mu.Unlock()
}

// welcome gives a player their first chips in an economy, once: the grant
// and its mark are one transaction (Wallets.MoveOnce), so that neither a
// failed write nor a restart between them gives it twice. A player of the
// global-wallet era gets their old wallet instead, in the first economy
// they are welcomed in.
func (r *Room) welcome(ctx context.Context, p bot.Player, econ bot.Community, acc int64) error {
	if given, err := r.isMember(ctx, p, econ); err != nil || given {
		return err // given: no transaction for the common case
	}
	mark := welcomeKey(econ.ID, p.ID)
	if p.Platform == table.BotPlatform {
		if err := r.store.MoveOnce(ctx, mark); err != nil && !errors.Is(err, bot.ErrDuplicate) {
			return err
		}
		r.rememberWelcome(p, econ.ID)
		return nil
	}
	moved, err := r.moveLegacy(ctx, p, econ, acc)
	if err != nil {
		return err
	}
	var moves []bot.Move
	if !moved {
		moves = append(moves, bot.Move{From: r.bank, To: acc, Amount: r.cfg.WelcomeChips, Reason: "welcome", Reference: mark})
	}
	if err := r.store.MoveOnce(ctx, mark, moves...); err != nil && !errors.Is(err, bot.ErrDuplicate) {
		return err
	}
	r.rememberWelcome(p, econ.ID)
	return nil
}

// moveLegacy moves the player's global wallet of before economies, if
// they had one and it was not moved yet, to acc (their wallet in econ):
// moved reports that it did.
func (r *Room) moveLegacy(ctx context.Context, p bot.Player, econ bot.Community, acc int64) (moved bool, err error) {
	a, err := r.legacyOf(ctx, p)
	if err != nil {
		return false, err
	}
	if a.ID != 0 {
		var moves []bot.Move
		if a.Balance > 0 {
			moves = append(moves, bot.Move{From: a.ID, To: acc, Amount: a.Balance, Reason: "wallet moved to its community",
				Reference: "community:" + strconv.FormatInt(econ.ID, 10)})
		}
		err := r.store.MoveOnce(ctx, "legacy:"+strconv.FormatInt(p.ID, 10), moves...)
		switch {
		case err == nil:
			r.log.Info("a wallet of before economies moved to its community", "player", p.ID, "community", econ.ID, "chips", a.Balance)
			return true, nil
		case errors.Is(err, bot.ErrDuplicate):
			return false, nil
		}
		return false, err
	}
	return false, nil
}

// cachedPlayer is the room's cache entry of p, nil when it has none (it
// was never seen, or was forgotten: then the store answers).
func (r *Room) cachedPlayer(p bot.Player) *playerEntry {
	r.mu.Lock()
	defer r.mu.Unlock()
	e, _ := r.players.Peek(p.Platform + "\x00" + p.UserID)
	return e
}
