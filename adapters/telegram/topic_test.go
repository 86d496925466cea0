package telegram_test

import (
	"path/filepath"
	"testing"
)

// A cash table opened by a command typed in a forum topic plays in that
// topic: its answers and its table message stay where the players are,
// not in the group's General topic, after a restart too.
func TestCashTableOpenedInAForumTopicPlaysInThatTopic(t *testing.T) {
	fake := newFake(t)
	fake.SetForum(group)
	topic := fake.AddTopic(group, "Cash games")
	fake.Start(ana, "")
	fake.Start(ben, "")
	db := filepath.Join(t.TempDir(), "room.db")
	e := start(t, fake, db, options{})
	fake.SayInTopic(group, topic, ana, "/newtable nlhe 1/2")
	if m := e.waitText(group, "Table #1 opened"); m.Thread != topic {
		t.Errorf("the answer to /newtable went to topic %d, want %d", m.Thread, topic)
	}
	fake.SayInTopic(group, topic, ana, "/join")
	fake.SayInTopic(group, topic, ben, "/join")
	if m := e.waitTable(1); m.Thread != topic {
		t.Errorf("the table message went to topic %d, want the topic it was opened in (%d)", m.Thread, topic)
	}
	e.playHand(1)
	e.stop()
	e2 := start(t, fake, db, options{})
	defer e2.stop()
	if m := e2.waitTable(2); m.Thread != topic {
		t.Errorf("after a restart the table message went to topic %d, want %d", m.Thread, topic)
	}
}

// A table's forum topic deleted by an admin mid-hand does not lose the
// table: Telegram refuses the topic ("message thread not found"), and the
// table message is sent to the chat itself, where the hand goes on.
func TestTableWhoseTopicWasDeletedGoesOnInTheChat(t *testing.T) {
	fake := newFake(t)
	fake.SetForum(group)
	topic := fake.AddTopic(group, "Cash games")
	fake.Start(ana, "")
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	fake.SayInTopic(group, topic, ana, "/newtable nlhe 1/2")
	e.waitText(group, "Table #1 opened")
	fake.SayInTopic(group, topic, ana, "/join")
	fake.SayInTopic(group, topic, ben, "/join")
	m := e.waitTable(1)
	fake.DeleteTopic(group, topic)
	who, _ := toAct(m)
	fake.Say(group, who, "/call")
	if !fake.Wait(wait, "the table message sent again", func() bool {
		now, ok := e.tableMessage(1)
		return ok && now.ID != m.ID && !now.Deleted
	}) {
		t.Fatalf("the table message was not sent again after its topic was deleted; logs:\n%s", e.logs.String())
	}
	if now, _ := e.tableMessage(1); now.Thread != 0 {
		t.Errorf("the table message went to topic %d, want the chat itself", now.Thread)
	}
	e.playHand(1)
}

// A fast-fold pool opened from a forum topic deals its tables in that
// topic too, as a cash table opened there.
func TestPoolOpenedInAForumTopicDealsInThatTopic(t *testing.T) {
	fake := newFake(t)
	fake.SetForum(group)
	topic := fake.AddTopic(group, "Fast fold")
	fake.Start(ana, "")
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	fake.SayInTopic(group, topic, ana, "/newpool nlhe 1/2")
	e.waitText(group, "P1")
	fake.SayInTopic(group, topic, ana, "/pool join")
	fake.SayInTopic(group, topic, ben, "/pool join")
	m := e.waitText(group, "Table #")
	if m.Thread != topic {
		t.Errorf("the pool's table message went to topic %d, want the topic it was opened in (%d)", m.Thread, topic)
	}
}

// A player who never started the bot, dealt in at a table in a forum
// topic, is shown the start-the-bot notice in that topic, where they
// play, not in the group's General topic.
func TestStartTheBotNoticeGoesToTheTopicThePlayerWroteIn(t *testing.T) {
	fake := newFake(t)
	fake.SetForum(group)
	topic := fake.AddTopic(group, "Cash games")
	fake.Start(ana, "")
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	fake.SayInTopic(group, topic, ana, "/newtable nlhe 1/2")
	e.waitText(group, "Table #1 opened")
	fake.SayInTopic(group, topic, ana, "/join")
	fake.SayInTopic(group, topic, cy, "/join")
	notice := e.waitText(group, "Cy: I cannot send you private messages yet")
	if notice.Thread != topic {
		t.Errorf("the start-the-bot notice went to topic %d, want %d", notice.Thread, topic)
	}
}

// In a forum whose commands another bot deletes as soon as they are typed
// (a group manager's "clean commands"), the answers to commands typed in a
// topic stay in that topic: a reply to a message that is gone has no
// topic to follow, so the topic is named.
func TestAnswersStayInTheTopicWhenTheCommandWasDeleted(t *testing.T) {
	fake := newFake(t)
	fake.SetForum(group)
	topic := fake.AddTopic(group, "Cash games")
	fake.CleanCommands(group)
	fake.Start(ana, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	fake.SayInTopic(group, topic, ana, "/newtable nlhe 1/2")
	if m := e.waitText(group, "Table #1 opened"); m.Thread != topic {
		t.Errorf("the answer to /newtable went to topic %d, want %d", m.Thread, topic)
	}
	fake.SayInTopic(group, topic, cy, "/wallet") // private, and Cy never started the bot
	if m := e.waitText(group, "Cy: I cannot send you private messages yet"); m.Thread != topic {
		t.Errorf("the notice to Cy went to topic %d, want %d", m.Thread, topic)
	}
}

// A tournament created from a forum topic runs in that topic: its
// lobby, its news, its one table and its results go where the players
// who created it and registered are, not to the group's General topic
// (as a cash table or a pool opened there).
func TestTournamentCreatedInAForumTopicRunsInThatTopic(t *testing.T) {
	fake := newFake(t)
	fake.SetForum(group)
	topic := fake.AddTopic(group, "Tournaments")
	fake.Start(ana, "")
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	fake.SayInTopic(group, topic, ana, "/tourney create Friday Freeroll start=sng players=4 seats=4 speed=hyper bots=on")
	e.waitText(group, "Tournament T1 created")
	lobby := e.waitText(group, "open for registration")
	if lobby.Thread != topic {
		t.Errorf("the lobby went to topic %d, want the topic it was created in (%d)", lobby.Thread, topic)
	}
	fake.SayInTopic(group, topic, ben, "/register")
	e.waitText(group, "Players: 1 in")
	fake.SayInTopic(group, topic, ana, "/tourney start")
	if m := e.waitText(group, "Friday Freeroll starts"); m.Thread != topic {
		t.Errorf("the news of the start went to topic %d, want %d", m.Thread, topic)
	}
	if m := e.waitTable(1); m.Thread != topic {
		t.Errorf("the tournament's table message went to topic %d, want %d", m.Thread, topic)
	}
	fake.SayInTopic(group, topic, ben, "/sitout")
	if m := e.waitText(group, "Friday Freeroll is over. Results:"); m.Thread != topic {
		t.Errorf("the results went to topic %d, want %d", m.Thread, topic)
	}
}

// A template saved in a forum topic and used there makes a tournament
// that runs in that topic, as /tourney create typed there does.
func TestTournamentFromATemplateUsedInAForumTopicRunsInThatTopic(t *testing.T) {
	fake := newFake(t)
	fake.SetForum(group)
	topic := fake.AddTopic(group, "Tournaments")
	fake.Start(ana, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	fake.SayInTopic(group, topic, ana, "/tourney template save friday Friday Freeroll start=sng players=4 seats=4 speed=hyper")
	e.waitText(group, "friday")
	fake.SayInTopic(group, topic, ana, "/tourney template use friday")
	e.waitText(group, "Tournament T1 created")
	if lobby := e.waitText(group, "open for registration"); lobby.Thread != topic {
		t.Errorf("the lobby went to topic %d, want the topic the template was used in (%d)", lobby.Thread, topic)
	}
}
