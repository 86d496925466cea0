package telegram_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A member who never started the bot asks in the group for answers that
// are private (/wallet, /stats): every such command is answered in the
// group as a reply to it, never with the private answer itself. The
// notice with the Start button comes at most once per NoticeEvery; the
// commands in between get a one-line reply. After Cy starts the bot the
// answers come privately and the group is shown nothing more.
func TestPrivateAnswersToAUserWhoNeverStartedTheBot(t *testing.T) {
	// NoticeEvery on the real clock: long enough that the three commands
	// below come within it under -race on a loaded machine.
	const every = 4 * time.Second
	fake := newFake(t)
	fake.Start(ana, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{noticeEvery: every})
	const notice, short = "Cy: I cannot send you private messages yet", "Cy: I answer that only in private"
	began := time.Now()
	first := fake.Say(group, cy, "/wallet")
	m := e.waitText(group, notice)
	if m.ReplyTo != first || len(m.Keyboard) != 1 || !strings.HasSuffix(m.Keyboard[0][0].URL, "?start=welcome") {
		t.Errorf("the notice: reply to %d (want %d), buttons %+v", m.ReplyTo, first, m.Keyboard)
	}
	if !strings.Contains(m.Text, "send it again") || strings.Contains(m.Text, "My cards") {
		t.Errorf("the notice is the cards notice, not about the answer asked for: %q", m.Text)
	}
	second := fake.Say(group, cy, "/wallet")
	third := fake.Say(group, cy, "/stats")
	fake.Wait(wait, "two short replies", func() bool { return fake.CountText(group, short) == 2 })
	if time.Since(began) < every { // else the notice was due again: the check says nothing
		replies := map[int]bool{}
		for _, m := range fake.BotMessages(group) {
			if strings.Contains(m.Text, short) {
				replies[m.ReplyTo] = true
				if len(m.Keyboard) != 1 || m.Keyboard[0][0].URL == "" {
					t.Errorf("a short reply without the Start button: %+v", m.Keyboard)
				}
			}
		}
		if !replies[second] || !replies[third] {
			t.Errorf("the short replies answer messages %v, want %d and %d", replies, second, third)
		}
		if n := fake.CountText(group, notice); n != 1 {
			t.Errorf("the notice was posted %d times within NoticeEvery, want once", n)
		}
	}
	// NoticeEvery after the last notice it is shown again (counted from
	// now, when every notice so far has been sent).
	n := fake.CountText(group, notice)
	time.Sleep(every + 200*time.Millisecond)
	fake.Say(group, cy, "/wallet")
	fake.Wait(wait, "the notice again", func() bool { return fake.CountText(group, notice) == n+1 })
	for _, line := range fake.Transcript(group) {
		if strings.Contains(line, "chips") || strings.Contains(line, "Statistics of") {
			t.Errorf("a private answer was posted in the group: %q", line)
		}
	}
	// Started: the answers come privately, the group is shown nothing.
	fake.Start(cy, "")
	e.waitText(cy, "")
	before := len(fake.BotMessages(group))
	fake.Say(group, cy, "/wallet")
	e.waitText(cy, "Your chips")
	if n := len(fake.BotMessages(group)); n != before {
		t.Errorf("the group was shown %d more messages after Cy started the bot", n-before)
	}
}
