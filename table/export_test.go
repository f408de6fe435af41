package table

import (
	"context"

	"github.com/zugbot/zugbot/engine"
	"github.com/zugbot/zugbot/store"
)

// Reply lets the AI play in game id while it is to move, as the table's
// runner does (see reply), for the tests of the AI's workers.
func (t *Table) Reply(ctx context.Context, id int64, ev Event) (Update, error) {
	return t.reply(ctx, id, ev, replyOptions{}, false)
}

// ReplyDone waits for the AI's reply under way in game id, if one runs on
// t's runner, and returns its error.
func (t *Table) ReplyDone(id int64) error {
	t.replies.mu.Lock()
	run := t.replies.runs[id]
	t.replies.mu.Unlock()
	if run == nil {
		return nil
	}
	<-run.done
	return run.err
}

// DrawSide is drawSide, for the tests of the colour draw.
func (t *Table) DrawSide(c store.Colour) engine.Side { return t.drawSide(c) }

// EndingRule is endingRule, for the tests of the refusals' words.
var EndingRule = endingRule
