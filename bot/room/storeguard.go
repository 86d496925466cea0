package room

import (
	"context"
	"errors"
	"time"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/engine"
)

// guardedStore is the room's view of its Storage: an error that is not
// one of the contract's (*Error: not found, duplicate, insufficient
// funds) is a storage failure, and is returned as EUnavailable (the
// database is unreachable or failed), never as an internal error: the
// user is told to try again, and the cause is logged.
type guardedStore struct{ bot.Storage }

// storageErr classifies err as the storage contract says.
func storageErr(err error) error {
	var e *bot.Error
	if err == nil || errors.As(err, &e) {
		return err
	}
	return &bot.Error{Code: bot.EUnavailable, Key: bot.KeyUnavailable, Err: err}
}

func (g guardedStore) StartHand(ctx context.Context, tableID int64, setup engine.Setup, at time.Time) (int64, error) {
	v, err := g.Storage.StartHand(ctx, tableID, setup, at)
	return v, storageErr(err)
}

func (g guardedStore) AppendEvents(ctx context.Context, handID int64, events []engine.Event, moves []bot.Move) error {
	return storageErr(g.Storage.AppendEvents(ctx, handID, events, moves))
}

func (g guardedStore) EndHand(ctx context.Context, handID int64, at time.Time) error {
	return storageErr(g.Storage.EndHand(ctx, handID, at))
}

func (g guardedStore) LoadHand(ctx context.Context, handID int64) (bot.HandRecord, error) {
	v, err := g.Storage.LoadHand(ctx, handID)
	return v, storageErr(err)
}

func (g guardedStore) OpenHands(ctx context.Context, tableID int64) ([]bot.HandRecord, error) {
	v, err := g.Storage.OpenHands(ctx, tableID)
	return v, storageErr(err)
}

func (g guardedStore) RecentHands(ctx context.Context, tableID int64, n int) ([]bot.HandRecord, error) {
	v, err := g.Storage.RecentHands(ctx, tableID, n)
	return v, storageErr(err)
}

func (g guardedStore) TableHand(ctx context.Context, tableID int64, number int) (bot.HandRecord, error) {
	v, err := g.Storage.TableHand(ctx, tableID, number)
	return v, storageErr(err)
}

func (g guardedStore) VoidedHands(ctx context.Context) ([]bot.VoidedHand, error) {
	v, err := g.Storage.VoidedHands(ctx)
	return v, storageErr(err)
}

func (g guardedStore) OpenAccount(ctx context.Context, kind bot.AccountKind, key string, playerID int64) (int64, error) {
	v, err := g.Storage.OpenAccount(ctx, kind, key, playerID)
	return v, storageErr(err)
}

func (g guardedStore) Balance(ctx context.Context, accountID int64) (int64, error) {
	v, err := g.Storage.Balance(ctx, accountID)
	return v, storageErr(err)
}

func (g guardedStore) Move(ctx context.Context, moves ...bot.Move) error {
	return storageErr(g.Storage.Move(ctx, moves...))
}

func (g guardedStore) MoveOnce(ctx context.Context, key string, moves ...bot.Move) error {
	return storageErr(g.Storage.MoveOnce(ctx, key, moves...))
}

func (g guardedStore) Player(ctx context.Context, platform, userID, displayName string) (bot.Player, error) {
	v, err := g.Storage.Player(ctx, platform, userID, displayName)
	return v, storageErr(err)
}

func (g guardedStore) Community(ctx context.Context, platform, chatID, title string) (bot.Community, error) {
	v, err := g.Storage.Community(ctx, platform, chatID, title)
	return v, storageErr(err)
}

func (g guardedStore) CommunityByID(ctx context.Context, id int64) (bot.Community, error) {
	v, err := g.Storage.CommunityByID(ctx, id)
	return v, storageErr(err)
}

func (g guardedStore) SetCommunity(ctx context.Context, c bot.Community) error {
	return storageErr(g.Storage.SetCommunity(ctx, c))
}

func (g guardedStore) MoveCommunity(ctx context.Context, platform, from, to string) (bot.Community, error) {
	v, err := g.Storage.MoveCommunity(ctx, platform, from, to)
	return v, storageErr(err)
}

func (g guardedStore) AddTable(ctx context.Context, t bot.TableRecord) (int64, error) {
	v, err := g.Storage.AddTable(ctx, t)
	return v, storageErr(err)
}

func (g guardedStore) OpenTables(ctx context.Context, communityID int64) ([]bot.TableRecord, error) {
	v, err := g.Storage.OpenTables(ctx, communityID)
	return v, storageErr(err)
}

func (g guardedStore) CloseTable(ctx context.Context, tableID int64, at time.Time) error {
	return storageErr(g.Storage.CloseTable(ctx, tableID, at))
}

func (g guardedStore) SaveSeats(ctx context.Context, tableID int64, seats []bot.SeatRecord, at time.Time) error {
	return storageErr(g.Storage.SaveSeats(ctx, tableID, seats, at))
}

func (g guardedStore) Seats(ctx context.Context, tableID int64) ([]bot.SeatRecord, error) {
	v, err := g.Storage.Seats(ctx, tableID)
	return v, storageErr(err)
}

func (g guardedStore) SetDeadline(ctx context.Context, d bot.Deadline) error {
	return storageErr(g.Storage.SetDeadline(ctx, d))
}

func (g guardedStore) ClearDeadline(ctx context.Context, key string) error {
	return storageErr(g.Storage.ClearDeadline(ctx, key))
}

func (g guardedStore) Deadlines(ctx context.Context) ([]bot.Deadline, error) {
	v, err := g.Storage.Deadlines(ctx)
	return v, storageErr(err)
}

func (g guardedStore) SetMessageID(ctx context.Context, key, id string) error {
	return storageErr(g.Storage.SetMessageID(ctx, key, id))
}

func (g guardedStore) MessageID(ctx context.Context, key string) (string, error) {
	v, err := g.Storage.MessageID(ctx, key)
	return v, storageErr(err)
}

func (g guardedStore) SetValue(ctx context.Context, key, value string) error {
	return storageErr(g.Storage.SetValue(ctx, key, value))
}

func (g guardedStore) Value(ctx context.Context, key string) (string, error) {
	v, err := g.Storage.Value(ctx, key)
	return v, storageErr(err)
}

func (g guardedStore) Secret(ctx context.Context, name string, size int) ([]byte, error) {
	v, err := g.Storage.Secret(ctx, name, size)
	return v, storageErr(err)
}

func (g guardedStore) AddTourney(ctx context.Context, t bot.TourneyRecord) (int64, error) {
	v, err := g.Storage.AddTourney(ctx, t)
	return v, storageErr(err)
}

func (g guardedStore) Tourneys(ctx context.Context, communityID int64, open bool) ([]bot.TourneyRecord, error) {
	v, err := g.Storage.Tourneys(ctx, communityID, open)
	return v, storageErr(err)
}

func (g guardedStore) TourneyOps(ctx context.Context, tourneyID int64) ([]bot.TourneyOp, error) {
	v, err := g.Storage.TourneyOps(ctx, tourneyID)
	return v, storageErr(err)
}

func (g guardedStore) SaveTemplate(ctx context.Context, t bot.Template) error {
	return storageErr(g.Storage.SaveTemplate(ctx, t))
}

func (g guardedStore) Templates(ctx context.Context, communityID int64) ([]bot.Template, error) {
	v, err := g.Storage.Templates(ctx, communityID)
	return v, storageErr(err)
}

func (g guardedStore) DeleteTemplate(ctx context.Context, communityID int64, name string) error {
	return storageErr(g.Storage.DeleteTemplate(ctx, communityID, name))
}

func (g guardedStore) CommitTables(ctx context.Context, writes []*bot.TableWrite) error {
	return storageErr(g.Storage.CommitTables(ctx, writes))
}

func (g guardedStore) PlayerAccounts(ctx context.Context, playerID int64) ([]bot.AccountBalance, error) {
	v, err := g.Storage.PlayerAccounts(ctx, playerID)
	return v, storageErr(err)
}

func (g guardedStore) FindPlayers(ctx context.Context, platform, who string) ([]bot.Player, error) {
	v, err := g.Storage.FindPlayers(ctx, platform, who)
	return v, storageErr(err)
}

func (g guardedStore) FindMembers(ctx context.Context, platform, who, keyPrefix string) ([]bot.Player, error) {
	v, err := g.Storage.FindMembers(ctx, platform, who, keyPrefix)
	return v, storageErr(err)
}

func (g guardedStore) SetBanned(ctx context.Context, playerID int64, reason string) error {
	return storageErr(g.Storage.SetBanned(ctx, playerID, reason))
}

func (g guardedStore) SetPlayerLanguage(ctx context.Context, playerID int64, lang string) error {
	return storageErr(g.Storage.SetPlayerLanguage(ctx, playerID, lang))
}

func (g guardedStore) AddAdminEntry(ctx context.Context, e bot.AdminEntry, moves ...bot.Move) error {
	return storageErr(g.Storage.AddAdminEntry(ctx, e, moves...))
}

func (g guardedStore) AdminEntries(ctx context.Context, q bot.AdminQuery) ([]bot.AdminEntry, error) {
	v, err := g.Storage.AdminEntries(ctx, q)
	return v, storageErr(err)
}
