package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// runAdminLog is `pokerroom adminlog [community=ID] [since=YYYY-MM-DD]
// [format=csv|json]`: the operator's export of the admin log (every
// community's and the bot-wide entries, or one community's), newest first,
// on stdout.
func runAdminLog(ctx context.Context, a *app) int {
	q := bot.AdminQuery{All: true}
	format := "csv"
	given := map[string]bool{}
	for _, arg := range a.args {
		k, v, ok := strings.Cut(arg, "=")
		switch {
		case !ok:
			fmt.Fprintf(a.stderr, "pokerroom adminlog: %q is not key=value (accepted: community=ID, since=YYYY-MM-DD, format=csv|json)\n", arg)
			return exitUsage
		case given[k]:
			fmt.Fprintf(a.stderr, "pokerroom adminlog: %s given twice (once each: community=ID, since=YYYY-MM-DD, format=csv|json)\n", k)
			return exitUsage
		case k == "community":
			id, err := strconv.ParseInt(v, 10, 64)
			if err != nil || id < 0 {
				fmt.Fprintf(a.stderr, "pokerroom adminlog: community %q is not a community id (accepted: a whole number; 0 for the bot-wide entries)\n", v)
				return exitUsage
			}
			q.All, q.CommunityID = false, id
		case k == "since":
			t, err := time.Parse("2006-01-02", v)
			if err != nil {
				fmt.Fprintf(a.stderr, "pokerroom adminlog: since %q is not a date (accepted: YYYY-MM-DD, UTC)\n", v)
				return exitUsage
			}
			q.Since = t
		case k == "format":
			if v != "csv" && v != "json" {
				fmt.Fprintf(a.stderr, "pokerroom adminlog: format %q (accepted: csv, json)\n", v)
				return exitUsage
			}
			format = v
		default:
			fmt.Fprintf(a.stderr, "pokerroom adminlog: unknown key %q (accepted: community, since, format)\n", k)
			return exitUsage
		}
		given[k] = true
	}
	if msg := missingDatabase(a); msg != "" {
		fmt.Fprintf(a.stderr, "pokerroom adminlog: %s\n", msg)
		return exitUsage
	}
	s, err := openRoomStore(ctx, a)
	if err != nil {
		return openFailed(a, "adminlog", err)
	}
	defer closeStore(a, s)
	rctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	entries, err := s.AdminEntries(rctx, q)
	if err != nil {
		a.log.Error("adminlog", "err", err)
		return exitFail
	}
	if format == "json" {
		enc := json.NewEncoder(a.stdout)
		for _, e := range entries {
			if err := enc.Encode(e); err != nil {
				a.log.Error("adminlog", "err", err)
				return exitFail
			}
		}
		return exitOK
	}
	w := csv.NewWriter(a.stdout)
	_ = w.Write([]string{"id", "community_id", "at", "actor_id", "actor", "action", "target_id", "target", "amount", "detail"})
	for _, e := range entries {
		_ = w.Write([]string{strconv.FormatInt(e.ID, 10), strconv.FormatInt(e.CommunityID, 10), e.At.UTC().Format(time.RFC3339),
			strconv.FormatInt(e.ActorID, 10), e.Actor, e.Action, strconv.FormatInt(e.TargetID, 10), e.Target,
			strconv.FormatInt(e.Amount, 10), e.Detail})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		a.log.Error("adminlog", "err", err)
		return exitFail
	}
	return exitOK
}
