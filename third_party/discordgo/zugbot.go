package discordgo

// This file is zugbot's, not upstream's: see PATCHED.md.

import (
	"bytes"
	"compress/zlib"
	"encoding/json"
	"errors"
	"io"
	"sync/atomic"

	"github.com/gorilla/websocket"
)

// errOpenAgain is returned by open when the gateway answered an Identify or
// a Resume with op 7 Reconnect or op 9 Invalid Session.
var errOpenAgain = errors.New("the gateway asked to connect again")

// openRefused reports, as errOpenAgain, a first packet after an Identify or
// a Resume that is op 7 Reconnect or op 9 Invalid Session, having closed the
// connection (with a code that keeps the session) and, for op 9 with d
// false, forgotten the session, so that the next open identifies anew at
// the Get Gateway URL
// (https://discord.com/developers/docs/events/gateway#resuming). Call with
// s locked.
func (s *Session) openRefused(messageType int, message []byte) error {
	var r io.Reader = bytes.NewReader(message)
	if messageType == websocket.BinaryMessage {
		z, err := zlib.NewReader(r)
		if err != nil {
			return nil // onEvent reports it
		}
		defer z.Close()
		r = z
	}
	var e struct {
		Operation int             `json:"op"`
		RawData   json.RawMessage `json:"d"`
	}
	if json.NewDecoder(r).Decode(&e) != nil || (e.Operation != 7 && e.Operation != 9) {
		return nil
	}
	var resumable bool
	json.Unmarshal(e.RawData, &resumable)
	s.log(LogInformational, "gateway answered op %d (d %s) instead of READY/RESUMED", e.Operation, e.RawData)
	if e.Operation == 9 && !resumable {
		s.resumeGatewayURL = ""
		s.sessionID = ""
		atomic.StoreInt64(s.sequence, 0)
	}
	s.wsMutex.Lock()
	s.wsConn.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseServiceRestart, ""))
	s.wsMutex.Unlock()
	return errOpenAgain
}
