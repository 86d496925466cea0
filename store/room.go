package store

import (
	"cmp"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Store implements the room's storage contracts.
var _ bot.Storage = (*Store)(nil)

// roomErr maps the store's errors to the room's: not found, duplicate,
// insufficient funds; others are returned as they are.
func roomErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, bot.ErrNotFound), errors.Is(err, bot.ErrDuplicate), errors.Is(err, bot.ErrInsufficientFunds):
		return err
	case errors.Is(err, gorm.ErrRecordNotFound), errors.Is(err, gorm.ErrForeignKeyViolated):
		return fmt.Errorf("%w: %w", ErrNotFound, err)
	case errors.Is(err, gorm.ErrDuplicatedKey):
		return fmt.Errorf("%w: %w", ErrConflict, err)
	}
	return err
}

// StartHand implements bot.HandLog.
func (s *Store) StartHand(ctx context.Context, tableID int64, setup engine.Setup, at time.Time) (int64, error) {
	var id int64
	err := s.InTx(ctx, func(tx *Tx) error {
		var err error
		id, err = tx.startHand(tableID, setup, at)
		return err
	})
	return id, roomErr(err)
}

func (tx *Tx) startHand(tableID int64, setup engine.Setup, at time.Time) (int64, error) {
	js, err := json.Marshal(setup)
	if err != nil {
		return 0, fmt.Errorf("hand setup: %w", err)
	}
	deck, err := json.Marshal(setup.Deck)
	if err != nil {
		return 0, fmt.Errorf("hand deck: %w", err)
	}
	var id int64
	err = tx.query(sqlStartHand,
		func(r *sql.Rows) error { return r.Scan(&id) }, tableID, setup.Rules.Game.String(), string(deck), string(js), at)
	if err != nil || id == 0 {
		return 0, fmt.Errorf("start hand at table %d: %w", tableID, cmp.Or(err, errors.New("no id returned")))
	}
	return id, nil
}

// AppendEvents implements bot.HandLog: the events and the moves in one
// transaction; a stored (hand, seq) is refused by the unique index, not by a
// query per event.
func (s *Store) AppendEvents(ctx context.Context, handID int64, events []engine.Event, moves []bot.Move) error {
	return roomErr(s.InTx(ctx, func(tx *Tx) error { return tx.appendEvents(handID, events, moves) }))
}

func (tx *Tx) appendEvents(handID int64, events []engine.Event, moves []bot.Move) error {
	rows, err := tx.eventRows(handID, events, nil)
	if err != nil {
		return err
	}
	if err := tx.insertEventRows(rows); err != nil {
		return err
	}
	return tx.moves(moves)
}

// eventRows appends the rows of a hand's events to rows.
func (tx *Tx) eventRows(handID int64, events []engine.Event, rows []HandEvent) ([]HandEvent, error) {
	now := tx.s.clock.Now()
	for _, e := range events {
		js, err := json.Marshal(e)
		if err != nil {
			return nil, fmt.Errorf("hand %d event %d: %w", handID, e.Seq, err)
		}
		if e.Seq < 0 {
			return nil, fmt.Errorf("hand %d event seq %d: %w", handID, e.Seq, ErrInvalidEvent)
		}
		rows = append(rows, HandEvent{HandID: handID, Seq: e.Seq + 1, Kind: e.Kind.String(), Payload: string(js), CreatedAt: now})
	}
	return rows, nil
}

// eventChunk bounds the rows of one INSERT (SQLite allows 32,766
// parameters). Rows are inserted in chunks of powers of two up to it, so
// that the statement texts are few (prepared once each, see exec).
const eventChunk = 256

// insertEventRows stores rows with multi-row INSERTs written here rather
// than by gorm, whose reflection and statement preparation per call were
// most of a busy room's write time. A stored (hand, seq) is refused by the
// unique index.
func (tx *Tx) insertEventRows(rows []HandEvent) error {
	for len(rows) > 0 {
		n := eventChunk
		for n > len(rows) {
			n /= 2
		}
		chunk := rows[:n]
		rows = rows[n:]
		args := make([]any, 0, 5*n)
		for _, r := range chunk {
			args = append(args, r.HandID, r.Seq, r.Kind, r.Payload, r.CreatedAt)
		}
		_, err := tx.exec(insertRows(sqlInsertEvents, eventRow, n), args...)
		switch {
		case errors.Is(err, gorm.ErrDuplicatedKey):
			return fmt.Errorf("%w: hand %d already has one of the events %d to %d", ErrDuplicateEvent, chunk[0].HandID, chunk[0].Seq-1, chunk[len(chunk)-1].Seq-1)
		case errors.Is(err, gorm.ErrForeignKeyViolated):
			return fmt.Errorf("hand %d: %w", chunk[0].HandID, ErrNotFound)
		case err != nil:
			return fmt.Errorf("hand %d events: %w", chunk[0].HandID, err)
		}
	}
	return nil
}

func (tx *Tx) moves(moves []bot.Move) error {
	for _, m := range moves {
		if _, err := tx.Transfer(Transfer{From: m.From, To: m.To, Amount: m.Amount, Reason: m.Reason, Reference: m.Reference}); err != nil {
			return err
		}
	}
	return nil
}

// CommitTables implements bot.Committer: every write in one transaction.
// The hand ids of new hands are set only when the transaction commits.
func (s *Store) CommitTables(ctx context.Context, writes []*bot.TableWrite) error {
	ids := make([]int64, len(writes))
	err := s.InTx(ctx, func(tx *Tx) error {
		next, err := tx.nextSeqs(writes)
		if err != nil {
			return err
		}
		var rows []HandEvent
		for i, w := range writes {
			hand := w.HandID
			if w.NewHand != nil {
				id, err := tx.startHand(w.TableID, *w.NewHand, w.At)
				if err != nil {
					return err
				}
				hand = id
			}
			ids[i] = hand
			if w.NewHand == nil && len(w.Events) > 0 {
				if err := continues(hand, next, w.Events); err != nil {
					return err
				}
			}
			if rows, err = tx.eventRows(hand, w.Events, rows); err != nil {
				return err
			}
			if err := tx.moves(w.Moves); err != nil {
				return err
			}
			if w.EndHand {
				if err := tx.endHand(hand, w.At, w.Void); err != nil {
					return err
				}
			}
			if w.SaveSeats {
				if err := tx.saveSeats(w.TableID, w.Seats, w.At); err != nil {
					return err
				}
			}
			if w.SaveState {
				n, err := tx.exec(sqlTableState, w.State, w.TableID)
				if err != nil {
					return fmt.Errorf("table %d state: %w", w.TableID, err)
				}
				if n == 0 {
					return fmt.Errorf("%w: table %d", bot.ErrNotFound, w.TableID)
				}
			}
			for _, d := range w.SetDeadlines {
				if err := tx.setDeadline(d); err != nil {
					return err
				}
			}
			for _, key := range w.ClearDeadlines {
				if _, err := tx.exec(sqlClearDeadline, key); err != nil {
					return fmt.Errorf("deadlines: %w", err)
				}
			}
			if err := tx.tourneyWrite(w); err != nil {
				return err
			}
		}
		return tx.insertEventRows(rows)
	})
	if err != nil {
		return roomErr(err)
	}
	for i, w := range writes {
		w.HandID = ids[i]
	}
	return nil
}

// nextSeqs returns, for every hand that writes append events to (not new
// hands), the number of events it has stored: one query for the batch.
func (tx *Tx) nextSeqs(writes []*bot.TableWrite) (map[int64]int, error) {
	var hands []int64
	for _, w := range writes {
		if w.NewHand == nil && len(w.Events) > 0 {
			hands = append(hands, w.HandID)
		}
	}
	next := make(map[int64]int, len(hands))
	if len(hands) == 0 {
		return next, nil
	}
	var rows []struct {
		HandID int64
		N      int
	}
	if err := tx.db.Model(&HandEvent{}).Select("hand_id, COALESCE(MAX(seq), 0) AS n").Where("hand_id IN ?", hands).Group("hand_id").Scan(&rows).Error; err != nil {
		return nil, fmt.Errorf("hand logs: %w", err)
	}
	for _, r := range rows {
		next[r.HandID] = r.N
	}
	return next, nil
}

// continues checks that events continue hand's stored log, whose length
// next holds, and advances it: an event numbered otherwise would leave a
// gap (an action lost) or fork the log (an action taken twice).
func continues(hand int64, next map[int64]int, events []engine.Event) error {
	n := next[hand]
	for i, e := range events {
		if e.Seq != n+i {
			return fmt.Errorf("%w: hand %d has %d events stored; event %d does not continue its log", bot.ErrDuplicate, hand, n, events[0].Seq)
		}
	}
	next[hand] = n + len(events)
	return nil
}

// EndHand implements bot.HandLog.
func (s *Store) EndHand(ctx context.Context, handID int64, at time.Time) error {
	return roomErr(s.InTx(ctx, func(tx *Tx) error { return tx.endHand(handID, at, "") }))
}

func (tx *Tx) endHand(handID int64, at time.Time, void string) error {
	n, err := tx.exec(sqlEndHand, at, void, handID)
	if err != nil {
		return fmt.Errorf("end hand %d: %w", handID, err)
	}
	if n == 0 {
		return fmt.Errorf("%w: hand %d", bot.ErrNotFound, handID)
	}
	return nil
}

// LoadHand implements bot.HandLog.
func (s *Store) LoadHand(ctx context.Context, handID int64) (bot.HandRecord, error) {
	var h Hand
	if err := s.db.WithContext(ctx).Where("id = ?", handID).Take(&h).Error; err != nil {
		return bot.HandRecord{}, roomErr(fmt.Errorf("hand %d: %w", handID, err))
	}
	return s.handRecord(ctx, h)
}

// OpenHands implements bot.HandLog.
func (s *Store) OpenHands(ctx context.Context, tableID int64) ([]bot.HandRecord, error) {
	var hs []Hand
	if err := s.db.WithContext(ctx).Where("table_id = ? AND ended_at IS NULL", tableID).Order("id").Find(&hs).Error; err != nil {
		return nil, fmt.Errorf("open hands of table %d: %w", tableID, err)
	}
	out := make([]bot.HandRecord, 0, len(hs))
	for _, h := range hs {
		r, err := s.handRecord(ctx, h)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// VoidedHands implements bot.HandLog.
func (s *Store) VoidedHands(ctx context.Context) ([]bot.VoidedHand, error) {
	var hs []Hand
	if err := s.db.WithContext(ctx).Select("id", "table_id", "voided", "ended_at").Where("voided <> ''").Order("id").Find(&hs).Error; err != nil {
		return nil, fmt.Errorf("voided hands: %w", err)
	}
	out := make([]bot.VoidedHand, len(hs))
	for i, h := range hs {
		out[i] = bot.VoidedHand{HandID: h.ID, TableID: h.TableID, Reason: h.Voided}
		if h.EndedAt != nil {
			out[i].At = *h.EndedAt
		}
	}
	return out, nil
}

// RecentHands implements bot.HandLog.
func (s *Store) RecentHands(ctx context.Context, tableID int64, n int) ([]bot.HandRecord, error) {
	if n <= 0 {
		return nil, nil
	}
	var hs []Hand
	if err := s.db.WithContext(ctx).Where("table_id = ? AND ended_at IS NOT NULL", tableID).Order("id DESC").Limit(n).Find(&hs).Error; err != nil {
		return nil, fmt.Errorf("recent hands of table %d: %w", tableID, err)
	}
	out := make([]bot.HandRecord, 0, len(hs))
	for _, h := range hs {
		r, err := s.handRecord(ctx, h)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// handRecord reads a hand's setup and events. A hand whose stored record
// cannot be read back whole is returned with Broken saying why; only a
// failure to read is an error.
func (s *Store) handRecord(ctx context.Context, h Hand) (bot.HandRecord, error) {
	r := bot.HandRecord{ID: h.ID, TableID: h.TableID, StartedAt: h.StartedAt, Voided: h.Voided}
	if h.EndedAt != nil {
		r.EndedAt = *h.EndedAt
	}
	if h.Setup == "" {
		r.Broken = fmt.Sprintf("hand %d was stored without its setup", h.ID)
		return r, nil
	}
	if err := json.Unmarshal([]byte(h.Setup), &r.Setup); err != nil {
		r.Broken = fmt.Sprintf("hand %d setup: %v", h.ID, err)
		return r, nil
	}
	rows, err := s.HandEvents(ctx, h.ID)
	if err != nil {
		return r, err
	}
	r.Events = make([]engine.Event, len(rows))
	for i, row := range rows {
		if err := json.Unmarshal([]byte(row.Payload), &r.Events[i]); err != nil {
			r.Broken = fmt.Sprintf("hand %d event %d: %v", h.ID, row.Seq, err)
			r.Events = r.Events[:i]
			return r, nil
		}
		if r.Events[i].Seq != i {
			r.Broken = fmt.Sprintf("hand %d: event %d stored as number %d: the log has a gap", h.ID, r.Events[i].Seq, i)
			r.Events = r.Events[:i]
			return r, nil
		}
	}
	return r, nil
}

// MoveOnce implements bot.Wallets: the moves and the mark of key (a row
// of the keyed values, inserted, never replaced) in one transaction.
func (s *Store) MoveOnce(ctx context.Context, key string, moves ...bot.Move) error {
	if key == "" {
		return errors.New("move once: empty key")
	}
	err := s.InTx(ctx, func(tx *Tx) error {
		res := tx.db.Clauses(clause.OnConflict{DoNothing: true}).Create(&KeyValue{Key: key, Value: "done", UpdatedAt: s.clock.Now()})
		if res.Error != nil {
			return fmt.Errorf("mark %q: %w", key, res.Error)
		}
		if res.RowsAffected == 0 {
			return fmt.Errorf("%w: %q was done already", bot.ErrDuplicate, key)
		}
		return tx.moves(moves)
	})
	return roomErr(err)
}

// OpenAccount implements bot.Wallets.
func (s *Store) OpenAccount(ctx context.Context, kind bot.AccountKind, key string, playerID int64) (int64, error) {
	spec := AccountSpec{Kind: AccountKind(kind), Key: key}
	if playerID != 0 {
		spec.PlayerID = &playerID
	}
	a, err := s.EnsureAccount(ctx, spec)
	if err != nil {
		return 0, roomErr(err)
	}
	return a.ID, nil
}

// Move implements bot.Wallets.
func (s *Store) Move(ctx context.Context, moves ...bot.Move) error {
	return roomErr(s.InTx(ctx, func(tx *Tx) error {
		for _, m := range moves {
			if _, err := tx.Transfer(Transfer{From: m.From, To: m.To, Amount: m.Amount, Reason: m.Reason, Reference: m.Reference}); err != nil {
				return err
			}
		}
		return nil
	}))
}

// Player implements bot.Members.
func (s *Store) Player(ctx context.Context, platform, userID, displayName string) (bot.Player, error) {
	p, err := s.EnsurePlayer(ctx, Platform(platform), userID, displayName)
	if err != nil {
		return bot.Player{}, roomErr(err)
	}
	return p.record(), nil
}

// record is the room's view of a stored player.
func (p Player) record() bot.Player {
	return bot.Player{ID: p.ID, Platform: string(p.Platform), UserID: p.UserID, DisplayName: p.DisplayName, Language: p.Language, Banned: p.Banned}
}

// record is the room's view of a stored community.
func (c Community) record() bot.Community {
	return bot.Community{ID: c.ID, Platform: string(c.Platform), ChatID: c.ChatID, Title: c.Title,
		Language: c.Language, SpectatorChat: c.SpectatorChat, Guild: c.Guild, GrantCap: c.GrantCap, DayCap: c.DayCap}
}

// FindPlayers implements bot.Members.
func (s *Store) FindPlayers(ctx context.Context, platform, who string) ([]bot.Player, error) {
	var rows []Player
	err := s.db.WithContext(ctx).Where("platform = ? AND (user_id = ? OR lower(display_name) = lower(?))", platform, who, who).
		Order("id").Limit(10).Find(&rows).Error
	if err != nil {
		return nil, roomErr(fmt.Errorf("find players %q: %w", who, err))
	}
	out := make([]bot.Player, 0, len(rows))
	for _, p := range rows {
		out = append(out, p.record())
	}
	return out, nil
}

// SetBanned implements bot.Members.
func (s *Store) SetBanned(ctx context.Context, playerID int64, reason string) error {
	res := s.db.WithContext(ctx).Model(&Player{}).Where("id = ?", playerID).
		Updates(map[string]any{"banned": reason, "updated_at": s.clock.Now()})
	if res.Error != nil {
		return roomErr(fmt.Errorf("ban player %d: %w", playerID, res.Error))
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("%w: player %d", bot.ErrNotFound, playerID)
	}
	return nil
}

// PlayerAccounts implements bot.Wallets.
func (s *Store) PlayerAccounts(ctx context.Context, playerID int64) ([]bot.AccountBalance, error) {
	var rows []Account
	if err := s.db.WithContext(ctx).Where("player_id = ? AND kind = ?", playerID, KindPlayer).Order("id").Find(&rows).Error; err != nil {
		return nil, roomErr(fmt.Errorf("accounts of player %d: %w", playerID, err))
	}
	out := make([]bot.AccountBalance, 0, len(rows))
	for _, a := range rows {
		out = append(out, bot.AccountBalance{ID: a.ID, Kind: bot.AccountKind(a.Kind), Key: a.Key, Balance: a.Balance})
	}
	return out, nil
}

// AddAdminEntry implements bot.AdminLog.
func (s *Store) AddAdminEntry(ctx context.Context, e bot.AdminEntry, moves ...bot.Move) error {
	row := AdminEntry{CommunityID: e.CommunityID, At: e.At, ActorID: e.ActorID, Actor: e.Actor, Action: e.Action,
		TargetID: e.TargetID, Target: e.Target, Amount: e.Amount, Detail: e.Detail}
	err := s.InTx(ctx, func(tx *Tx) error {
		if err := tx.db.Create(&row).Error; err != nil {
			return fmt.Errorf("admin log of community %d: %w", e.CommunityID, err)
		}
		return tx.moves(moves)
	})
	return roomErr(err)
}

// AdminEntries implements bot.AdminLog.
func (s *Store) AdminEntries(ctx context.Context, aq bot.AdminQuery) ([]bot.AdminEntry, error) {
	q := s.db.WithContext(ctx).Where("at >= ?", aq.Since)
	if !aq.All {
		q = q.Where("community_id = ?", aq.CommunityID)
	}
	if aq.Limit > 0 {
		q = q.Limit(aq.Limit)
	}
	var rows []AdminEntry
	if err := q.Order("at DESC, id DESC").Find(&rows).Error; err != nil {
		return nil, roomErr(fmt.Errorf("admin log of community %d: %w", aq.CommunityID, err))
	}
	out := make([]bot.AdminEntry, 0, len(rows))
	for _, r := range rows {
		out = append(out, bot.AdminEntry{ID: r.ID, CommunityID: r.CommunityID, At: r.At, ActorID: r.ActorID, Actor: r.Actor,
			Action: r.Action, TargetID: r.TargetID, Target: r.Target, Amount: r.Amount, Detail: r.Detail})
	}
	return out, nil
}

// Community implements bot.Members.
func (s *Store) Community(ctx context.Context, platform, chatID, title string) (bot.Community, error) {
	c, err := s.EnsureCommunity(ctx, Platform(platform), chatID, title)
	if err != nil {
		return bot.Community{}, roomErr(err)
	}
	return c.record(), nil
}

// CommunityByID implements bot.Members.
func (s *Store) CommunityByID(ctx context.Context, id int64) (bot.Community, error) {
	var c Community
	if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&c).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return bot.Community{}, fmt.Errorf("%w: community %d", bot.ErrNotFound, id)
		}
		return bot.Community{}, roomErr(fmt.Errorf("community %d: %w", id, err))
	}
	return c.record(), nil
}

// SetCommunity implements bot.Members.
func (s *Store) SetCommunity(ctx context.Context, c bot.Community) error {
	res := s.db.WithContext(ctx).Model(&Community{}).Where("id = ?", c.ID).
		Updates(map[string]any{"language": c.Language, "spectator_chat": c.SpectatorChat, "guild": c.Guild,
			"grant_cap": c.GrantCap, "day_cap": c.DayCap, "updated_at": s.clock.Now()})
	if res.Error != nil {
		return fmt.Errorf("community %d: %w", c.ID, res.Error)
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("%w: community %d", bot.ErrNotFound, c.ID)
	}
	return nil
}

// MoveCommunity implements bot.Members.
func (s *Store) MoveCommunity(ctx context.Context, platform, from, to string) (bot.Community, error) {
	var moved Community
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("platform = ? AND chat_id = ?", platform, from).Take(&moved).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return fmt.Errorf("%w: community %s/%s", bot.ErrNotFound, platform, from)
			}
			return err
		}
		var there Community
		err := tx.Where("platform = ? AND chat_id = ?", platform, to).Take(&there).Error
		switch {
		case err == nil:
			aside := fmt.Sprintf("replaced:%d:%s", there.ID, to)
			if err := tx.Model(&Community{}).Where("id = ?", there.ID).Update("chat_id", aside[:min(len(aside), 64)]).Error; err != nil {
				return err
			}
		case !errors.Is(err, gorm.ErrRecordNotFound):
			return err
		}
		moved.ChatID = to
		if err := tx.Model(&Community{}).Where("platform = ? AND spectator_chat = ?", platform, from).Update("spectator_chat", to).Error; err != nil {
			return err // communities whose summaries went to the old chat follow it
		}
		return tx.Model(&Community{}).Where("id = ?", moved.ID).Updates(map[string]any{"chat_id": to, "updated_at": s.clock.Now()}).Error
	})
	if err != nil {
		return bot.Community{}, roomErr(fmt.Errorf("move community %s/%s to %s: %w", platform, from, to, err))
	}
	return moved.record(), nil
}

// AddTable implements bot.Tables.
func (s *Store) AddTable(ctx context.Context, t bot.TableRecord) (int64, error) {
	row := Table{CommunityID: t.CommunityID, Name: t.Name, Variant: t.Variant, Stakes: t.Stakes, Config: t.Config, State: t.State, CreatedAt: t.CreatedAt}
	if row.Config == "" {
		row.Config = "{}"
	}
	if t.AccountID != 0 {
		row.AccountID = &t.AccountID
	}
	if row.CreatedAt.IsZero() {
		row.CreatedAt = s.clock.Now()
	}
	if err := s.db.WithContext(ctx).Omit(clause.Associations).Create(&row).Error; err != nil {
		return 0, roomErr(fmt.Errorf("create table: %w", err))
	}
	return row.ID, nil
}

// OpenTables implements bot.Tables.
func (s *Store) OpenTables(ctx context.Context, communityID int64) ([]bot.TableRecord, error) {
	q := s.db.WithContext(ctx).Where("closed_at IS NULL")
	if communityID != 0 {
		q = q.Where("community_id = ?", communityID)
	}
	var rows []Table
	if err := q.Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("open tables: %w", err)
	}
	out := make([]bot.TableRecord, len(rows))
	for i, r := range rows {
		out[i] = r.record()
	}
	return out, nil
}

// CloseTable implements bot.Tables.
func (s *Store) CloseTable(ctx context.Context, tableID int64, at time.Time) error {
	res := s.db.WithContext(ctx).Model(&Table{}).Where("id = ?", tableID).Update("closed_at", at)
	if res.Error != nil {
		return fmt.Errorf("close table %d: %w", tableID, res.Error)
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("%w: table %d", bot.ErrNotFound, tableID)
	}
	return nil
}

// SaveSeats implements bot.Tables.
func (s *Store) SaveSeats(ctx context.Context, tableID int64, seats []bot.SeatRecord, at time.Time) error {
	return roomErr(s.InTx(ctx, func(tx *Tx) error { return tx.saveSeats(tableID, seats, at) }))
}

func (tx *Tx) saveSeats(tableID int64, seats []bot.SeatRecord, at time.Time) error {
	for _, st := range seats {
		if st.Seat < 1 || st.Stack < 0 {
			return fmt.Errorf("table %d: seat %d with stack %d: %w", tableID, st.Seat, st.Stack, ErrInvalidEvent)
		}
	}
	// Written here rather than through gorm's models: a busy room saves
	// seats at every hand's start and end.
	if _, err := tx.exec(sqlDeleteSeats, tableID); err != nil {
		return fmt.Errorf("seats of table %d: %w", tableID, err)
	}
	if len(seats) == 0 {
		return nil
	}
	args := make([]any, 0, 7*len(seats))
	for _, st := range seats {
		state := st.State
		if state == "" {
			state = "{}"
		}
		args = append(args, tableID, st.Seat, st.PlayerID, st.Stack, st.SittingOut, state, at.UTC().Round(time.Microsecond))
	}
	if _, err := tx.exec(insertRows(sqlInsertSeats, seatRow, len(seats)), args...); err != nil {
		return fmt.Errorf("seats of table %d: %w", tableID, err)
	}
	return nil
}

// Seats implements bot.Tables.
func (s *Store) Seats(ctx context.Context, tableID int64) ([]bot.SeatRecord, error) {
	var rows []Seat
	if err := s.db.WithContext(ctx).Where("table_id = ?", tableID).Order("seat").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("seats of table %d: %w", tableID, err)
	}
	out := make([]bot.SeatRecord, len(rows))
	for i, r := range rows {
		out[i] = r.record()
	}
	return out, nil
}

// SetDeadline implements bot.Deadlines.
func (s *Store) SetDeadline(ctx context.Context, d bot.Deadline) error {
	if d.Key == "" {
		return errors.New("deadline without a key")
	}
	return s.InTx(ctx, func(tx *Tx) error { return tx.setDeadline(d) })
}

func (tx *Tx) setDeadline(d bot.Deadline) error {
	if d.Key == "" {
		return errors.New("deadline without a key")
	}
	row := Deadline{Key: d.Key, DueAt: d.At, Payload: d.Payload}
	err := tx.db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "key"}},
		DoUpdates: clause.AssignmentColumns([]string{"due_at", "payload"}),
	}).Create(&row).Error
	if err != nil {
		return fmt.Errorf("deadline %q: %w", d.Key, err)
	}
	return nil
}

// ClearDeadline implements bot.Deadlines.
func (s *Store) ClearDeadline(ctx context.Context, key string) error {
	if err := s.db.WithContext(ctx).Where("key = ?", key).Delete(&Deadline{}).Error; err != nil {
		return fmt.Errorf("deadline %q: %w", key, err)
	}
	return nil
}

// Deadlines implements bot.Deadlines.
func (s *Store) Deadlines(ctx context.Context) ([]bot.Deadline, error) {
	var rows []Deadline
	if err := s.db.WithContext(ctx).Order("due_at, key").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("deadlines: %w", err)
	}
	out := make([]bot.Deadline, len(rows))
	for i, r := range rows {
		out[i] = bot.Deadline{Key: r.Key, At: r.DueAt, Payload: r.Payload}
	}
	return out, nil
}

// SetMessageID implements bot.MessageIDs.
func (s *Store) SetMessageID(ctx context.Context, key, id string) error {
	if err := s.setKeyValue(ctx, key, id); err != nil {
		return fmt.Errorf("message id %q: %w", key, err)
	}
	return nil
}

// MessageID implements bot.MessageIDs.
func (s *Store) MessageID(ctx context.Context, key string) (string, error) {
	v, err := s.keyValue(ctx, key)
	if err != nil {
		return "", roomErr(fmt.Errorf("message id %q: %w", key, err))
	}
	return v, nil
}

// SetValue implements bot.KV.
func (s *Store) SetValue(ctx context.Context, key, value string) error {
	if err := s.setKeyValue(ctx, key, value); err != nil {
		return fmt.Errorf("key-value %q: %w", key, err)
	}
	return nil
}

// Value implements bot.KV.
func (s *Store) Value(ctx context.Context, key string) (string, error) {
	v, err := s.keyValue(ctx, key)
	if err != nil {
		return "", roomErr(fmt.Errorf("key-value %q: %w", key, err))
	}
	return v, nil
}

// setKeyValue stores (or replaces) the row of key in key_values, the
// table bot.MessageIDs and bot.KV share.
func (s *Store) setKeyValue(ctx context.Context, key, value string) error {
	switch {
	case key == "" || len(key) > bot.KVKeyMax:
		return fmt.Errorf("a key of %d bytes: want 1 to %d", len(key), bot.KVKeyMax)
	case len(value) > bot.KVValueMax:
		return fmt.Errorf("a value of %d bytes: want at most %d", len(value), bot.KVValueMax)
	}
	row := KeyValue{Key: key, Value: value, UpdatedAt: s.clock.Now()}
	return s.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "key"}},
		DoUpdates: clause.AssignmentColumns([]string{"value", "updated_at"}),
	}).Create(&row).Error
}

// keyValue reads the value of key from key_values; gorm's not-found when
// there is none.
func (s *Store) keyValue(ctx context.Context, key string) (string, error) {
	var row KeyValue
	if err := s.db.WithContext(ctx).Where("key = ?", key).Take(&row).Error; err != nil {
		return "", err
	}
	return row.Value, nil
}

// Secret implements bot.Secrets: insert a fresh random value unless one
// exists (the database settles a race), then read the one stored.
func (s *Store) Secret(ctx context.Context, name string, size int) ([]byte, error) {
	if name == "" || size < 16 || size > 1024 {
		return nil, fmt.Errorf("secret %q of %d bytes: want a name and 16 to 1024 bytes", name, size)
	}
	fresh := make([]byte, size)
	if _, err := rand.Read(fresh); err != nil {
		return nil, fmt.Errorf("secret %q: %w", name, err)
	}
	row := Secret{Name: name, Value: fresh, CreatedAt: s.clock.Now()}
	db := s.db.WithContext(ctx)
	if err := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&row).Error; err != nil {
		return nil, fmt.Errorf("secret %q: %w", name, err)
	}
	var got Secret
	if err := db.Where("name = ?", name).Take(&got).Error; err != nil {
		return nil, fmt.Errorf("secret %q: %w", name, err)
	}
	return got.Value, nil
}

// tourneyWrite appends a write's tournament ops and sets its status.
func (tx *Tx) tourneyWrite(w *bot.TableWrite) error {
	if len(w.TourneyOps) > 0 {
		rows := make([]TourneyOp, len(w.TourneyOps))
		for i, op := range w.TourneyOps {
			if op.Seq < 1 || op.Kind == "" {
				return fmt.Errorf("tournament %d op %d %q: %w", op.TourneyID, op.Seq, op.Kind, ErrInvalidEvent)
			}
			at := op.At
			if at.IsZero() {
				at = w.At
			}
			data := op.Data
			if data == "" {
				data = "{}"
			}
			rows[i] = TourneyOp{TourneyID: op.TourneyID, Seq: op.Seq, Kind: op.Kind, Data: data, CreatedAt: at}
		}
		if err := tx.db.Create(&rows).Error; err != nil {
			return fmt.Errorf("tournament ops: %w", err)
		}
	}
	if st := w.Status; st != nil {
		upd := map[string]any{"status": st.Status}
		if st.Ended {
			upd["ended_at"] = w.At
		}
		if st.Config != "" {
			upd["config"], upd["name"] = st.Config, st.Name
		}
		res := tx.db.Model(&Tourney{}).Where("id = ?", st.TourneyID).Updates(upd)
		if res.Error != nil {
			return fmt.Errorf("tournament %d status: %w", st.TourneyID, res.Error)
		}
		if res.RowsAffected == 0 {
			return fmt.Errorf("%w: tournament %d", bot.ErrNotFound, st.TourneyID)
		}
	}
	return nil
}

// AddTourney implements bot.Tourneys.
func (s *Store) AddTourney(ctx context.Context, t bot.TourneyRecord) (int64, error) {
	row := Tourney{CommunityID: t.CommunityID, Name: t.Name, Config: t.Config, Status: t.Status, CreatedAt: t.CreatedAt}
	if row.Config == "" {
		row.Config = "{}"
	}
	if row.CreatedAt.IsZero() {
		row.CreatedAt = s.clock.Now()
	}
	if err := s.db.WithContext(ctx).Create(&row).Error; err != nil {
		return 0, roomErr(fmt.Errorf("create tournament: %w", err))
	}
	return row.ID, nil
}

// Tourneys implements bot.Tourneys.
func (s *Store) Tourneys(ctx context.Context, communityID int64, open bool) ([]bot.TourneyRecord, error) {
	q := s.db.WithContext(ctx)
	if open {
		q = q.Where("ended_at IS NULL")
	}
	if communityID != 0 {
		q = q.Where("community_id = ?", communityID)
	}
	var rows []Tourney
	if err := q.Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("tournaments: %w", err)
	}
	out := make([]bot.TourneyRecord, len(rows))
	for i, r := range rows {
		out[i] = r.record()
	}
	return out, nil
}

// TourneyOps implements bot.Tourneys.
func (s *Store) TourneyOps(ctx context.Context, tourneyID int64) ([]bot.TourneyOp, error) {
	var rows []TourneyOp
	if err := s.db.WithContext(ctx).Where("tourney_id = ?", tourneyID).Order("seq").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("tournament %d ops: %w", tourneyID, err)
	}
	out := make([]bot.TourneyOp, len(rows))
	for i, r := range rows {
		out[i] = r.record()
	}
	return out, nil
}

// SaveTemplate implements bot.Tourneys.
func (s *Store) SaveTemplate(ctx context.Context, t bot.Template) error {
	row := TourneyTemplate{CommunityID: t.CommunityID, Name: t.Name, Config: t.Config, Spec: t.Spec, UpdatedAt: s.clock.Now()}
	if !t.Last.IsZero() {
		last := t.Last
		row.Last = &last
	}
	err := s.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "community_id"}, {Name: "name"}},
		DoUpdates: clause.AssignmentColumns([]string{"config", "spec", "last", "updated_at"}),
	}).Create(&row).Error
	if err != nil {
		return roomErr(fmt.Errorf("template %q: %w", t.Name, err))
	}
	return nil
}

// Templates implements bot.Tourneys.
func (s *Store) Templates(ctx context.Context, communityID int64) ([]bot.Template, error) {
	q := s.db.WithContext(ctx)
	if communityID != 0 {
		q = q.Where("community_id = ?", communityID)
	}
	var rows []TourneyTemplate
	if err := q.Order("community_id, name").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	out := make([]bot.Template, len(rows))
	for i, r := range rows {
		out[i] = bot.Template{CommunityID: r.CommunityID, Name: r.Name, Config: r.Config, Spec: r.Spec}
		if r.Last != nil {
			out[i].Last = *r.Last
		}
	}
	return out, nil
}

// DeleteTemplate implements bot.Tourneys.
func (s *Store) DeleteTemplate(ctx context.Context, communityID int64, name string) error {
	res := s.db.WithContext(ctx).Where("community_id = ? AND name = ?", communityID, name).Delete(&TourneyTemplate{})
	if res.Error != nil {
		return fmt.Errorf("template %q: %w", name, res.Error)
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("%w: template %q", bot.ErrNotFound, name)
	}
	return nil
}

// The room's records of the stored rows: one conversion each, for the
// contracts' reads and the audit's snapshot alike.

func (r Table) record() bot.TableRecord {
	rec := bot.TableRecord{ID: r.ID, CommunityID: r.CommunityID, Name: r.Name, Variant: r.Variant,
		Stakes: r.Stakes, Config: r.Config, State: r.State, CreatedAt: r.CreatedAt}
	if r.AccountID != nil {
		rec.AccountID = *r.AccountID
	}
	return rec
}

func (r Seat) record() bot.SeatRecord {
	return bot.SeatRecord{Seat: r.Seat, PlayerID: r.PlayerID, Stack: r.Stack, SittingOut: r.SittingOut, State: r.State}
}

func (r Tourney) record() bot.TourneyRecord {
	rec := bot.TourneyRecord{ID: r.ID, CommunityID: r.CommunityID, Name: r.Name, Config: r.Config, Status: r.Status, CreatedAt: r.CreatedAt}
	if r.EndedAt != nil {
		rec.EndedAt = *r.EndedAt
	}
	return rec
}

func (r TourneyOp) record() bot.TourneyOp {
	return bot.TourneyOp{TourneyID: r.TourneyID, Seq: r.Seq, Kind: r.Kind, Data: r.Data, At: r.CreatedAt}
}
