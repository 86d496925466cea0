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
