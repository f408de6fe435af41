// Package discordtest is an in-process fake of the parts of Discord a
// slash-command bot uses, for end-to-end tests with the real discordgo
// client: REST API, gateway and attachment CDN on one 127.0.0.1 port,
// started per test, with no global state.
//
// The fake is strict: a request Discord would refuse gets Discord's status
// and JSON error code (10062 for a late or unknown interaction, 40060 for a
// second initial response, 50035 with the offending field path for invalid
// form bodies, 50006 for an empty message, 40005 for a file over 10 MiB...)
// and is recorded as a Violation. So does an upload that would show as a
// broken attachment, which Discord may store without an error: an empty
// file, or one that says it is a PNG, GIF or JPEG image and does not decode
// (50046 Invalid file uploaded). Violations the test has not taken with
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
// REST: gateway discovery, users (@me and users the fake made), the
// current application (Get Current Application and its older OAuth2 route:
// ID, name, bot user, owner, flags, guild count), global and
// guild application commands (bulk overwrite with Discord's validation of
// names, descriptions, option order, types, counts and sizes; IDs kept for
// commands that stay), interaction callbacks of types 4 to 9 (JSON or
// multipart), the original response and follow-ups (get, edit, delete),
// channel messages (send, get, list, edit, delete, with files;
// a nonce with enforce_nonce gets back the message made with it before), thread
// creation from a message or not, joining a thread, and the attachment URLs messages carry.
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
// Sharding: GET /gateway/bot recommends Config.RecommendedShards (1 by
// default), and Identify takes any shard [shard_id, num_shards] with
// 0 <= shard_id < num_shards (4010 Invalid shard otherwise). Each session
// receives the guilds (READY, GUILD_CREATE) and the events and
// interactions of the guilds of its shard only, by Discord's formula
// (ShardOf: (guild_id >> 22) % num_shards); DMs go to shard 0.
// NewGuildOnShard makes a guild on a given shard. Config.RequireShards
// closes an Identify with fewer shards with 4011 Sharding required, as
// Discord does past 2,500 guilds a session.
//
// Application: its ID is the bot user's unless Config.AppID gives another,
// as old applications have. Interactions carry it in application_id,
// READY and Get Current Application return it, and command routes refuse
// any other with 403, code 20012. Guild commands of a guild the bot is not
// in, or has left (LeaveGuild, with GUILD_DELETE), get 50001 Missing
// Access, as do its channels.
//
// Interactions: SlashCommand, Autocomplete, Click, Select and SubmitModal
// build payloads like Discord's (member or user, resolved users, members
// and channels, the message of a component; members carry the server
// nickname SetNick gave, and resolved members lack user, deaf and mute) and refuse, by failing the test,
// what a Discord client could not send: an unregistered command, a missing
// required option, a value outside the option's choices or range, a button
// that is not on the message, a select value that is not an option.
//
// Permissions: the bot has guild-level permissions (DefaultBotPermissions,
// the README's invite, unless SetBotPermissions says otherwise) and channel
// overwrites for @everyone and for the bot (DenyBot, AllowBot,
// DenyEveryone, AllowEveryone, ClearOverwrites), combined as Discord
// combines them (ADMINISTRATOR, then @everyone's overwrite, then the bot's;
// threads take their parent's). Channel endpoints then refuse what Discord
// refuses: 50001 Missing Access without View Channel (or in a private
// thread the bot is not in, without Manage Threads), 50013 Missing
// Permissions without Send Messages (Send Messages in Threads in threads),
// Attach Files for files, Embed Links for embeds, Read Message History for
// a reply or to read a message (listing returns nothing without it); the
// implicit denials of Send Messages apply. Interaction responses and
// follow-ups work regardless, and interactions carry the computed
// permissions in app_permissions and the member's in member.permissions.
// Members have a plain member's permissions; Grant adds more to one member
// of one guild (Manage Server for a moderator, say).
//
// Threads: ArchiveThread, LockThread (and their reverses), NewThread
// (public or private, started by a member) and AddThreadMember change
// threads as users and Discord do, with THREAD_* events and truthful
// thread_metadata. Editing in an archived thread is 50083; sending
// unarchives it unless it is locked (50083 then); a locked thread refuses
// messages and edits with 160005 without Manage Threads. Join Thread is
// implemented. An interaction from an archived thread unarchives it first,
// as Discord's client does.
//
// DeleteMessage deletes a message as a moderator would; edits of it then
// get 10008. DeleteChannel deletes a channel and its threads
// (CHANNEL_DELETE, THREAD_DELETE; 10003 on their routes after). RejoinGuild
// invites the bot back after LeaveGuild (GUILD_CREATE). RemoveMember makes a
// member leave (GUILD_MEMBER_REMOVE, to the GuildMembers intent only).
// CloseDMs makes a user refuse the bot's DMs (50007 on a new message there).
//
// Rate limits: every REST response carries X-RateLimit-Limit, -Remaining,
// -Reset, -Reset-After and -Bucket for its bucket (route and top-level
// resource: channel, guild, webhook and token, interaction), so discordgo
// waits for a reset as on Discord; past a bucket's limit the answer is a
// 429 (scope user). DefaultRouteLimit is 5 requests per 200 ms, Discord's
// count in a shorter window to keep suites fast; Config.RouteRateLimit and
// SetRouteLimit change it. The global limit is 50 requests per second
// outside interaction endpoints; HoldGlobal holds the bot at it for a
// while, as Discord may.
//
// Deadlines: an interaction's 3 s run from its creation (the time in its
// ID), and Config.GatewayDelay or SetGatewayDelay delay its delivery, so
// that latency counts against them as on Discord.
//
// Fault injection: RateLimit (429 with Retry-After on a route), FailRequests
// (500, 502, 503, 504... on a route; discordgo v0.29.0 retries only 502),
// SlowRoute (requests to a route held for a while), DropGateway (the client
// must resume), Reconnect (op 7), InvalidateSessions (op 9, resumable or
// not), HoldGateway (new gateway connections wait, so that events fall in
// a gap), SetTokenLifetime (interaction tokens expire at will: edits and
// follow-ups get 401, code 50027) and Interaction.Redeliver (the same
// interaction dispatched twice).
// READY's resume_gateway_url (ResumeGatewayURL) is on another port than the
// gateway URL, as Discord's is another host; a Resume is accepted there
// only, and one at the gateway URL ends the session with op 9
// (GatewayStats.ResumesElsewhere), its missed events lost.
//
// Not modelled: voice, roles beyond @everyone and the bot's (and
// so role overwrites), the permissions needed to create threads
// (CREATE_PUBLIC_THREADS, CREATE_PRIVATE_THREADS: only View Channel is
// checked), members' permissions for the commands they use (a command's
// default_member_permissions does not hide it, nor does a channel they
// cannot view), automatic archiving after inactivity (ArchiveThread does
// it), the deprecated dm_permission of commands (contexts replaces it),
// message content parsing (mentions), polls, stickers, components v2,
// attachment options, HTTP interactions (signed POSTs to the bot).
package discordtest
