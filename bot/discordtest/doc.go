// Package discordtest is an in-process fake of the parts of Discord a
// slash-command bot uses, for end-to-end tests with the real discordgo
// client: REST API, gateway and attachment CDN on one 127.0.0.1 port,
// started per test, with no global state.
//
// The fake is strict: a request Discord would refuse gets Discord's status
// and JSON error code (10062 for a late or unknown interaction, 40060 for a
// second initial response, 50035 with the offending field path for invalid
// form bodies, 50006 for an empty message, 40005 for a file over 10 MiB...)
// and is recorded as a Violation. Violations the test has not taken with
// TakeViolations or WaitViolation fail the test when it ends, so a bot that
// passes against the fake does not break Discord's rules the fake knows.
//
// # Using it
//
// A test starts the fake with New, makes the guilds, channels and users it
// needs, and connects the bot under test through Session, a real
// *discordgo.Session whose HTTP client goes to the fake. It then acts as
// Discord's client would (SlashCommand, Click, Select, SubmitModal) and
// checks what Discord would show: the Response to an interaction, its
// original message (WaitOriginal), or any message (Message, WaitMessage),
// with attachments decoded. The package example drives a small bot this
// way; bot/harness_test.go runs zugbot's own.
//
// A program that cannot take an http.Client (the bot binary in an
// end-to-end test) talks to srv.URL() instead of https://discord.com: the
// API is at srv.URL()+"/api/v9/...", GET /api/v9/gateway returns the fake's
// ws:// URL, and the bot token is srv.Token(). Stop such a program before
// the test ends, or discordgo keeps trying to reconnect to the stopped
// fake.
//
// # What is modelled
//
// REST: gateway discovery, users (@me and users the fake made), global and
// guild application commands (bulk overwrite with Discord's validation of
// names, descriptions, option order, types, counts and sizes; IDs kept for
// commands that stay), interaction callbacks of types 4 to 9 (JSON or
// multipart), the original response and follow-ups (get, edit, delete),
// channel messages (send, get, list, edit, delete, with files), thread
// creation from a message or not, and the attachment URLs messages carry.
// Edits follow Discord's API v9 semantics: fields present replace the old
// ones (null content or embeds clear them; null components are ignored),
// uploaded files are appended, and an attachments list keeps only the old
// attachments it names. The first follow-up after a deferred response
// replaces the "thinking" message, as on Discord.
//
// Gateway: Hello, Identify (token, intents, privileged intents, shard and
// large_threshold checked, with Discord's close codes), READY then
// GUILD_CREATE per guild with the Guilds intent, heartbeats acknowledged,
// dispatches with rising sequence numbers and serialised writes, RESUME with
// replay of missed dispatches, and op 9 Invalid Session when a session
// ended (a client closing with 1000 or 1001 ends it). Payloads over 1 KiB,
// and READY, are zlib-compressed when Identify asks for compression, as
// discordgo does by default. Message events are sent only to sessions with
// the GuildMessages or DirectMessages intent.
//
// Interactions: SlashCommand, Autocomplete, Click, Select and SubmitModal
// build payloads like Discord's (member or user, resolved users and
// channels, the message of a component) and refuse, by failing the test,
// what a Discord client could not send: an unregistered command, a missing
// required option, a value outside the option's choices or range, a button
// that is not on the message, a select value that is not an option.
//
// Fault injection: RateLimit (429 with Retry-After on a route), FailRequests
// (5xx on a route), a global rate limit of 50 requests per second outside
// interaction endpoints, DropGateway (the client must resume), Reconnect
// (op 7) and Interaction.Redeliver (the same interaction dispatched twice).
//
// Permissions: members have a plain member's permissions; Grant adds more
// to one member of one guild (Manage Server for a moderator, say), carried
// in their interactions' member.permissions.
//
// Not modelled: sharding, voice, roles, channel permission overwrites and
// the enforcement of permissions (a command's default_member_permissions
// does not hide it), the deprecated dm_permission of commands (contexts
// replaces it), per-route rate limit buckets, message content parsing
// (mentions), polls, stickers, components v2, attachment options, HTTP
// interactions (signed POSTs to the bot).
package discordtest
