package discordtest

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/gif"
	_ "image/jpeg" // attachments may be JPEG
	_ "image/png"  // boards are PNG
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Routes of the REST API the fake implements, as ServeMux patterns. They
// name routes in fault injection and in Request.Route.
const (
	RouteGateway     = "GET /api/v9/gateway"
	RouteGatewayBot  = "GET /api/v9/gateway/bot"
	RouteUser        = "GET /api/v9/users/{user}"
	RouteApplication = "GET /api/v9/applications/@me"
	// RouteOAuth2Application is Get Current Bot Application Information,
	// the older route to the same application object, which discordgo's
	// Session.Application("@me") uses.
	RouteOAuth2Application = "GET /api/v9/oauth2/applications/@me"
	RouteGlobalCommands    = "GET /api/v9/applications/{app}/commands"
	RouteGlobalOverwrite   = "PUT /api/v9/applications/{app}/commands"
	RouteGuildCommands     = "GET /api/v9/applications/{app}/guilds/{guild}/commands"
	RouteGuildOverwrite    = "PUT /api/v9/applications/{app}/guilds/{guild}/commands"
	RouteCallback          = "POST /api/v9/interactions/{interaction}/{token}/callback"
	RouteFollowup          = "POST /api/v9/webhooks/{app}/{token}"
	RouteWebhookMessage    = "GET /api/v9/webhooks/{app}/{token}/messages/{message}"
	RouteWebhookEdit       = "PATCH /api/v9/webhooks/{app}/{token}/messages/{message}"
	RouteWebhookDelete     = "DELETE /api/v9/webhooks/{app}/{token}/messages/{message}"
	RouteChannel           = "GET /api/v9/channels/{channel}"
	RouteMessages          = "GET /api/v9/channels/{channel}/messages"
	RouteMessageCreate     = "POST /api/v9/channels/{channel}/messages"
	RouteMessage           = "GET /api/v9/channels/{channel}/messages/{message}"
	RouteMessageEdit       = "PATCH /api/v9/channels/{channel}/messages/{message}"
	RouteMessageDelete     = "DELETE /api/v9/channels/{channel}/messages/{message}"
	RouteMessageThread     = "POST /api/v9/channels/{channel}/messages/{message}/threads"
	RouteThreadCreate      = "POST /api/v9/channels/{channel}/threads"
	RouteThreadJoin        = "PUT /api/v9/channels/{channel}/thread-members/@me"
	routeAttachment        = "GET /attachments/{channel}/{attachment}/{name}"
)

// Discord's size limits for uploads.
const (
	// MaxFileSize is the largest file Discord accepts from a bot without
	// boosts: 10 MiB.
	MaxFileSize = 10 << 20
	// MaxFiles is the most attachments a message may have.
	MaxFiles = 10
	maxBody  = 64 << 20
)

// Request is one HTTP request the fake received and its answer. Requests
// are recorded once answered and are not modified afterwards.
type Request struct {
	// Method and Path are the request's (the path starts with APIPrefix for
	// API calls).
	Method, Path string
	// Query is the parsed query string.
	Query url.Values
	// Route is the ServeMux pattern (one of the Route constants) or "" for
	// a route the fake does not implement.
	Route string
	// Header is the request's header.
	Header http.Header
	// Body is the raw body.
	Body []byte
	// Payload is the JSON payload: the body, or the payload_json part of a
	// multipart body.
	Payload []byte
	// Files are the files of a multipart body, in order.
	Files []*File
	// Status is the HTTP status the fake answered and Response its body.
	Status   int
	Response []byte
	// Injected reports that the answer came from fault injection or a rate
	// limit (global or per route), not from the API's logic.
	Injected bool
	// Time is when the request arrived.
	Time time.Time
}

// Decode unmarshals the request's JSON payload into v.
func (r *Request) Decode(v any) error {
	if err := json.Unmarshal(r.Payload, v); err != nil {
		return fmt.Errorf("decode payload of %s %s: %w", r.Method, r.Path, err)
	}
	return nil
}

// File is an uploaded file or a stored attachment.
type File struct {
	// Field is the multipart field ("files[0]"); empty for attachments.
	Field string
	// Name is the file name and ContentType the declared type.
	Name, ContentType string
	// Data is the content; do not modify it.
	Data []byte
}

// Image decodes the file as a PNG, GIF (first frame) or JPEG image.
func (f *File) Image() (image.Image, error) {
	img, _, err := image.Decode(bytes.NewReader(f.Data))
	if err != nil {
		return nil, fmt.Errorf("decode image %s: %w", f.Name, err)
	}
	return img, nil
}

// GIF decodes the file as an animated GIF, all frames.
func (f *File) GIF() (*gif.GIF, error) {
	g, err := gif.DecodeAll(bytes.NewReader(f.Data))
	if err != nil {
		return nil, fmt.Errorf("decode GIF %s: %w", f.Name, err)
	}
	return g, nil
}

// Requests returns every request received so far, oldest first.
func (s *Server) Requests() []*Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// WaitRequest waits up to timeout for a request for which match returns true
// (match sees requests in order, old ones included) and returns it; the test
// fails if none comes.
func (s *Server) WaitRequest(t testing.TB, timeout time.Duration, match func(*Request) bool) *Request {
	t.Helper()
	var got *Request
	ok := s.wait(timeout, func() bool {
		for _, r := range s.requests {
			if match(r) {
				got = r
				return true
			}
		}
		return false
	})
	if !ok {
		t.Fatalf("discordtest: no matching request within %v", timeout)
	}
	return got
}

// apiError is an answer Discord gives to a request it refuses.
type apiError struct {
	status  int
	code    int
	message string
	fields  []fieldError
	detail  string // why, for the test's log; not in Discord's body
	// oauth is an OAuth2 error code (invalid_grant...): the body is then
	// RFC 6749's, {"error", "error_description"}, as the token endpoint's.
	oauth string
}

// fieldError is one entry of a 50035 Invalid Form Body error.
type fieldError struct {
	path    string // dotted: "data.components.0.components.1.custom_id"
	code    string // Discord's error code name, like BASE_TYPE_MAX_LENGTH
	message string
}

func (e *apiError) Error() string {
	if e.detail != "" {
		return e.message + " (" + e.detail + ")"
	}
	if len(e.fields) == 0 {
		return e.message
	}
	parts := make([]string, len(e.fields))
	for i, f := range e.fields {
		parts[i] = f.path + ": " + f.message
	}
	return e.message + ": " + strings.Join(parts, "; ")
}

// body returns the JSON Discord sends with the error.
func (e *apiError) body() []byte {
	if e.oauth != "" {
		b, _ := json.Marshal(map[string]string{"error": e.oauth, "error_description": e.message})
		return b
	}
	out := map[string]any{"message": e.message, "code": e.code}
	if len(e.fields) > 0 {
		tree := map[string]any{}
		for _, f := range e.fields {
			node := tree
			for _, k := range strings.Split(f.path, ".") {
				next, ok := node[k].(map[string]any)
				if !ok {
					next = map[string]any{}
					node[k] = next
				}
				node = next
			}
			errs, _ := node["_errors"].([]any)
			node["_errors"] = append(errs, map[string]string{"code": f.code, "message": f.message})
		}
		out["errors"] = tree
	}
	b, _ := json.Marshal(out)
	return b
}

func errForm(fields ...fieldError) *apiError {
	return &apiError{status: 400, code: 50035, message: "Invalid Form Body", fields: fields}
}

func errStatus(status, code int, message string) *apiError {
	return &apiError{status: status, code: code, message: message}
}

var (
	errUnknownChannel     = errStatus(404, 10003, "Unknown Channel")
	errUnknownMessage     = errStatus(404, 10008, "Unknown Message")
	errUnknownUser        = errStatus(404, 10013, "Unknown User")
	errUnknownWebhook     = errStatus(404, 10015, "Unknown Webhook")
	errUnknownInteraction = errStatus(404, 10062, "Unknown interaction")
	errAcknowledged       = errStatus(400, 40060, "Interaction has already been acknowledged.")
	errNotYourApp         = errStatus(403, 20012, "You are not authorized to perform this action on this application")
	errTooLarge           = errStatus(413, 40005, "Request entity too large")
	errUnauthorized       = errStatus(401, 0, "401: Unauthorized")
	errMissingAccess      = errStatus(403, 50001, "Missing Access")
	errNotAuthor          = errStatus(403, 50005, "Cannot edit a message authored by another user")
	errEmptyMessage       = errStatus(400, 50006, "Cannot send an empty message")
	errChannelType        = errStatus(400, 50024, "Cannot execute action on this channel type")
	errWebhookToken       = errStatus(401, 50027, "Invalid Webhook Token")
	errBadJSON            = errStatus(400, 50109, "The request body contains invalid JSON.")
	errThreadExists       = errStatus(400, 160004, "A thread has already been created for this message")
	errInvalidFile        = errStatus(400, 50046, "Invalid file uploaded")
	errNotFound           = errStatus(404, 0, "404: Not Found")
)

// call is one API request being handled.
type call struct {
	r       *http.Request
	rec     *Request
	payload []byte
	files   []*File
	// notes are rules broken by a request carried out anyway.
	notes []string
}

func (c *call) note(format string, args ...any) {
	c.notes = append(c.notes, fmt.Sprintf(format, args...))
}

type handler func(c *call) (any, *apiError)

// route options
const (
	auth    = 1 << iota // needs "Authorization: Bot <token>"
	limited             // counts against the global rate limit
	bearer              // with auth: a user's "Bearer <token>" will do too, which the handler checks
)

func (s *Server) mux() http.Handler {
	m := http.NewServeMux()
	api := func(pattern string, opts int, h handler) {
		s.routes[pattern] = true
		m.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) { s.serveAPI(w, r, opts, h) })
	}
	api(RouteGateway, limited, s.getGateway)
	api(RouteGatewayBot, auth|limited, s.getGatewayBot)
	api(RouteUser, auth|bearer|limited, s.getUser)
	api(RouteApplication, auth|limited, s.getApplication)
	api(RouteOAuth2Application, auth|limited, s.getApplication)
	api(RouteGlobalCommands, auth|limited, s.getCommands)
	api(RouteGlobalOverwrite, auth|limited, s.putCommands)
	api(RouteGuildCommands, auth|limited, s.getCommands)
	api(RouteGuildOverwrite, auth|limited, s.putCommands)
	api(RouteCallback, 0, s.postCallback)
	api(RouteFollowup, 0, s.postFollowup)
	api(RouteWebhookMessage, 0, s.getWebhookMessage)
	api(RouteWebhookEdit, 0, s.patchWebhookMessage)
	api(RouteWebhookDelete, 0, s.deleteWebhookMessage)
	api(RouteChannel, auth|limited, s.getChannel)
	api(RouteMessages, auth|limited, s.getMessages)
	api(RouteMessageCreate, auth|limited, s.postMessage)
	api(RouteMessage, auth|limited, s.getMessage)
	api(RouteMessageEdit, auth|limited, s.patchMessage)
	api(RouteMessageDelete, auth|limited, s.deleteMessage)
	api(RouteMessageThread, auth|limited, s.postThread)
	api(RouteThreadCreate, auth|limited, s.postThread)
	api(RouteThreadJoin, auth|limited, s.putThreadMe)
	api(routeAttachment, 0, s.getAttachment)
	s.activityRoutes(api)
	m.HandleFunc("GET /gateway", s.serveGateway)
	m.HandleFunc("GET /gateway/{$}", s.serveGateway)
	m.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { s.serveAPI(w, r, 0, notImplemented) })
	return m
}

func notImplemented(c *call) (any, *apiError) {
	return nil, errStatus(404, 0, "404: Not Found (route not implemented by discordtest: "+c.r.Method+" "+c.r.URL.Path+")")
}

// serveAPI runs one API call: fault injection, authentication, the global
// rate limit, body parsing, the handler, and the record.
func (s *Server) serveAPI(w http.ResponseWriter, r *http.Request, opts int, h handler) {
	rec := &Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Route: r.Pattern, Header: r.Header.Clone(), Time: time.Now()}
	// Read into a buffer of the announced length: io.ReadAll grows and
	// clears its buffer a few times over for a board's upload.
	buf := bytes.NewBuffer(make([]byte, 0, min(max(r.ContentLength, 0), maxBody)+bytes.MinRead))
	_, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, maxBody))
	body := buf.Bytes()
	rec.Body = body
	c := &call{r: r, rec: rec}
	var out any
	var apiErr *apiError
	var bucket *bucketState
	if err == nil && !s.slowdown(r, rec) {
		return // the client gave up
	}
	var tooLarge *http.MaxBytesError
	if err != nil && !errors.As(err, &tooLarge) {
		return // the client went away while sending (its process was killed, say)
	}
	switch {
	case err != nil:
		apiErr = errTooLarge
	case s.inject(w, rec):
		s.record(rec, nil, nil)
		return
	case opts&auth != 0 && r.Header.Get("Authorization") != "Bot "+s.token &&
		(opts&bearer == 0 || !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ")):
		apiErr = errUnauthorized
		if r.Header.Get("Authorization") == s.token {
			apiErr = errStatus(401, 0, "401: Unauthorized (the token lacks the \"Bot \" prefix)")
		}
	case opts&limited != 0 && s.globalLimit(w, rec):
		s.record(rec, nil, nil)
		return
	case s.routeLimit(w, r, rec, &bucket):
		s.record(rec, nil, nil)
		return
	default:
		if strings.HasPrefix(r.URL.Path, APIPrefix+"/") && !strings.HasPrefix(r.Header.Get("User-Agent"), "DiscordBot") {
			c.note("User-Agent %q does not have the form \"DiscordBot ($url, $version)\" Discord requires", r.Header.Get("User-Agent"))
		}
		apiErr = c.parseBody()
		if apiErr == nil {
			out, apiErr = h(c)
		}
	}
	if apiErr != nil {
		rec.Status, rec.Response = apiErr.status, apiErr.body()
	} else if raw, ok := out.(rawBody); ok {
		rec.Status, rec.Response = http.StatusOK, raw
	} else if out != nil {
		rec.Status = http.StatusOK
		if rec.Response, err = json.Marshal(out); err != nil {
			panic(fmt.Sprintf("discordtest: marshal answer: %v", err))
		}
	} else {
		rec.Status = http.StatusNoContent
	}
	if bucket != nil {
		bucket.write(w.Header())
	}
	if rec.Response != nil {
		w.Header().Set("Content-Type", "application/json")
		if r.Pattern == routeAttachment {
			w.Header().Set("Content-Type", http.DetectContentType(rec.Response))
		}
	}
	w.WriteHeader(rec.Status)
	w.Write(rec.Response)
	s.record(rec, apiErr, c.notes)
	s.flush()
}

// record files the request and its violations.
func (s *Server) record(rec *Request, apiErr *apiError, notes []string) {
	route := rec.Route
	if route == "" || route == "/" {
		route = rec.Method + " " + rec.Path
	}
	s.mu.Lock()
	if apiErr != nil {
		s.violations = append(s.violations, Violation{Route: route, Status: apiErr.status, Code: apiErr.code, Message: apiErr.Error(), Request: rec})
	}
	for _, n := range notes {
		s.violations = append(s.violations, Violation{Route: route, Message: n, Request: rec})
	}
	s.requests = append(s.requests, rec)
	s.notify()
	s.mu.Unlock()
	if apiErr != nil {
		s.t.Logf("discordtest: %s: refused: HTTP %d code %d: %v", route, apiErr.status, apiErr.code, apiErr)
	}
	for _, n := range notes {
		s.t.Logf("discordtest: %s: %s", route, n)
	}
}

var filesField = regexp.MustCompile(`^files\[(\d+)\]$`)

// parseBody fills c.payload and c.files from the request body.
func (c *call) parseBody() *apiError {
	body := c.rec.Body
	if len(body) == 0 {
		return nil
	}
	ct := c.r.Header.Get("Content-Type")
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return errBadJSON
	}
	switch mt {
	case "application/json":
		if !json.Valid(body) {
			return errBadJSON
		}
		c.payload = body
	case "multipart/form-data":
		mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		seen := map[string]bool{}
		for {
			p, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return errStatus(400, 50035, "Invalid Form Body (malformed multipart body: "+err.Error()+")")
			}
			name := p.FormName()
			data, err := io.ReadAll(p)
			if err != nil {
				return errStatus(400, 50035, "Invalid Form Body (malformed multipart body: "+err.Error()+")")
			}
			if seen[name] {
				return errForm(fieldError{name, "DUPLICATE", "Form field appears twice."})
			}
			seen[name] = true
			switch {
			case name == "payload_json":
				if !json.Valid(data) {
					return errBadJSON
				}
				c.payload = data
			case filesField.MatchString(name):
				if len(data) > MaxFileSize {
					return errTooLarge
				}
				f := &File{Field: name, Name: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data}
				if err := checkUpload(f); err != nil {
					return err
				}
				c.files = append(c.files, f)
			default:
				return errForm(fieldError{name, "UNKNOWN_FIELD", "Unknown form field; send JSON in payload_json and files as files[n]."})
			}
		}
		if len(c.files) > MaxFiles {
			return errForm(fieldError{"attachments", "BASE_TYPE_MAX_LENGTH", fmt.Sprintf("Must be %d or fewer in length.", MaxFiles)})
		}
		var size int
		for _, f := range c.files {
			size += len(f.Data)
		}
		if size > 2*MaxFileSize+5<<20 {
			return errTooLarge
		}
	case "application/x-www-form-urlencoded":
		if c.r.Pattern != RouteOAuth2Token { // OAuth2's form; the handler reads the body
			return errStatus(400, 50035, "Invalid Form Body (unsupported Content-Type "+ct+")")
		}
	default:
		return errStatus(400, 50035, "Invalid Form Body (unsupported Content-Type "+ct+")")
	}
	c.rec.Payload, c.rec.Files = c.payload, c.files
	return nil
}

// imageTypes are the image formats the fake decodes (image/png,
// image/gif and image/jpeg are registered with package image), by content
// type, and imageExts the file name extensions that say the same.
var (
	imageTypes = []string{"image/png", "image/gif", "image/jpeg"}
	imageExts  = []string{".png", ".gif", ".jpg", ".jpeg"}
)

// checkUpload refuses an uploaded file that would reach Discord's users as
// a broken attachment: an empty one, or one whose content type or name
// says it is a PNG, GIF or JPEG image and that image.Decode cannot decode.
// Each files[n] part carries the file's contents
// (https://discord.com/developers/docs/reference#uploading-files), and the
// refusal is 400 with code 50046, "Invalid file uploaded", from
// https://discord.com/developers/docs/topics/opcodes-and-status-codes#json-json-error-codes.
//
// The fake is stricter here than Discord is known to be: Discord has been
// seen to store a zero-byte image and show it broken, without an error
// (https://github.com/Rapptz/discord.py/issues/343). Either way the
// players see no picture, and a bot whose request is refused finds out in
// its test.
func checkUpload(f *File) *apiError {
	why := ""
	if len(f.Data) == 0 {
		why = "the file is empty"
	} else if saysImage(f) {
		if err := checkImage(f.Data); err != nil {
			why = "it says it is an image and does not decode: " + err.Error()
		}
	}
	if why == "" {
		return nil
	}
	e := *errInvalidFile
	e.detail = fmt.Sprintf("%s %q, %s, %d bytes: %s", f.Field, f.Name, f.ContentType, len(f.Data), why)
	return &e
}

// pngSignature begins every PNG file (https://www.w3.org/TR/png-3/#5PNG-file-signature).
var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// checkImage reports whether data is an image that decodes. A PNG (the
// boards, many a second under load) is checked whole without inflating
// its pixels: its signature, then every chunk's length and CRC-32 over
// its type and data, IHDR first, at least one IDAT, and IEND last
// (https://www.w3.org/TR/png-3/#5Chunk-layout), and its header through
// image.DecodeConfig; a cut or damaged upload fails. Any other image is
// decoded.
func checkImage(data []byte) error {
	if !bytes.HasPrefix(data, pngSignature) {
		_, _, err := image.Decode(bytes.NewReader(data))
		return err
	}
	if _, _, err := image.DecodeConfig(bytes.NewReader(data)); err != nil {
		return err
	}
	rest := data[len(pngSignature):]
	var first, last string
	idat := false
	for len(rest) > 0 {
		if len(rest) < 12 {
			return errors.New("png: a chunk cut short")
		}
		n := binary.BigEndian.Uint32(rest)
		if uint64(n) > uint64(len(rest)-12) {
			return errors.New("png: a chunk longer than the file")
		}
		typ, body := rest[4:8], rest[8:8+n]
		if crc := crc32.Update(crc32.ChecksumIEEE(typ), crc32.IEEETable, body); crc != binary.BigEndian.Uint32(rest[8+n:]) {
			return fmt.Errorf("png: chunk %s fails its CRC", typ)
		}
		if first == "" {
			first = string(typ)
		}
		last = string(typ)
		idat = idat || last == "IDAT"
		rest = rest[12+n:]
	}
	if first != "IHDR" || last != "IEND" || !idat {
		return fmt.Errorf("png: chunks from %s to %s (IDAT %v); want IHDR first, IDAT, IEND last", first, last, idat)
	}
	return nil
}

// saysImage reports whether f's content type or file name says it is an
// image the fake decodes.
func saysImage(f *File) bool {
	if mt, _, err := mime.ParseMediaType(f.ContentType); err == nil && slices.Contains(imageTypes, mt) {
		return true
	}
	return slices.Contains(imageExts, strings.ToLower(path.Ext(f.Name)))
}

// fileIndex returns n for a file sent as files[n].
func fileIndex(f *File) int {
	m := filesField.FindStringSubmatch(f.Field)
	n, _ := strconv.Atoi(m[1])
	return n
}

func (s *Server) getGateway(c *call) (any, *apiError) {
	return map[string]string{"url": s.GatewayURL()}, nil
}

// getGatewayBot is Get Gateway Bot
// (https://discord.com/developers/docs/events/gateway#get-gateway-bot):
// "shards: Recommended number of shards to use when connecting"
// (Config.RecommendedShards).
func (s *Server) getGatewayBot(c *call) (any, *apiError) {
	return map[string]any{
		"url":    s.GatewayURL(),
		"shards": s.cfg.RecommendedShards,
		"session_start_limit": map[string]int{
			"total": 1000, "remaining": 999, "reset_after": 86400000, "max_concurrency": 1,
		},
	}, nil
}

func (s *Server) getUser(c *call) (any, *apiError) {
	id := c.r.PathValue("user")
	if tok, ok := strings.CutPrefix(c.r.Header.Get("Authorization"), "Bearer "); ok {
		return s.tokenUser(id, tok)
	}
	if id == "@me" {
		id = s.bot.ID
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	u := s.users[id]
	if u == nil {
		return nil, errUnknownUser
	}
	return userPayload(u), nil
}

func (s *Server) getChannel(c *call) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.channels[c.r.PathValue("channel")]
	if ch == nil {
		return nil, errUnknownChannel
	}
	if err := s.need(ch, 0); err != nil {
		return nil, err
	}
	return channelPayload(ch), nil
}

func (s *Server) getAttachment(c *call) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, m := range s.messages {
		if m.channelID != c.r.PathValue("channel") {
			continue
		}
		for _, a := range m.attachments {
			if a.meta.ID == c.r.PathValue("attachment") && a.meta.Filename == c.r.PathValue("name") {
				return rawBody(a.data), nil
			}
		}
	}
	return nil, errNotFound
}

// rawBody is an answer written as is, not as JSON.
type rawBody []byte

// getApplication is Get Current Application
// (https://discord.com/developers/docs/resources/application#get-current-application),
// also served as Get Current Bot Application Information
// (https://discord.com/developers/docs/topics/oauth2#get-current-bot-application-information):
// the application object of the bot token's application, with the fields
// of https://discord.com/developers/docs/resources/application#application-object
// a bot sees for its own application.
func (s *Server) getApplication(c *call) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	guilds := 0
	for _, g := range s.guilds {
		if !g.left {
			guilds++
		}
	}
	install := map[string]any{"scopes": []string{"applications.commands", "bot"}, "permissions": strconv.FormatInt(DefaultBotPermissions, 10)}
	return map[string]any{
		"id": s.appID, "name": s.cfg.BotName, "icon": nil, "description": "", "summary": "", "type": nil,
		"bot_public": true, "bot_require_code_grant": false,
		"bot":   userPayload(s.bot),
		"owner": userPayload(s.owner), "team": nil,
		"verify_key": s.verifyKey,
		"flags":      s.appFlags(),
		// "Approximate count of guilds the app has been added to".
		"approximate_guild_count": guilds, "approximate_user_install_count": 0,
		"redirect_uris": []string{}, "interactions_endpoint_url": nil, "role_connections_verification_url": nil,
		"install_params": install,
		// Guild install only ("0": GUILD_INSTALL).
		"integration_types_config": map[string]any{"0": map[string]any{"oauth2_install_params": install}},
	}, nil
}

// Application flags
// (https://discord.com/developers/docs/resources/application#application-object-application-flags).
const (
	flagGatewayPresenceLimited       = 1 << 13
	flagGatewayGuildMembersLimited   = 1 << 15
	flagGatewayMessageContentLimited = 1 << 19
	flagApplicationCommandBadge      = 1 << 23
)

// appFlags returns the application's flags: the _LIMITED flag of each
// privileged intent enabled in Config.PrivilegedIntents (an app in fewer
// than 100 servers, which needs no verification for them), and
// APPLICATION_COMMAND_BADGE once it has global commands ("Indicates if an
// app has registered global application commands"). Call with s.mu held.
func (s *Server) appFlags() int {
	f := 0
	if s.cfg.PrivilegedIntents&discordgo.IntentGuildPresences != 0 {
		f |= flagGatewayPresenceLimited
	}
	if s.cfg.PrivilegedIntents&discordgo.IntentGuildMembers != 0 {
		f |= flagGatewayGuildMembersLimited
	}
	if s.cfg.PrivilegedIntents&discordgo.IntentMessageContent != 0 {
		f |= flagGatewayMessageContentLimited
	}
	if len(s.commands[""]) > 0 {
		f |= flagApplicationCommandBadge
	}
	return f
}
