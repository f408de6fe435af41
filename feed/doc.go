// Package feed publishes what changed in zugbot's games, so that its
// adapters (the Discord bot's board edit and turn ping, a web board over
// WebSockets, spectators) show it: in this process, through a Bus, and
// from the other processes on one PostgreSQL database, through its
// LISTEN/NOTIFY, which a Listener relays into the Bus.
//
// # Changes
//
// A Change names a game, a tournament or a challenge, the game's version
// after the change, and its Kind: a game started, a move (a person's or
// the AI's), an offer and its answer, a takeback, a resignation, a
// time-out, an abort; a tournament created, joined, left, begun, paused,
// resumed, cancelled, its next round, its end; a challenge made,
// accepted, refused, withdrawn or expired. A game's version counts the
// writes to it, so the later of two states of a game has the higher one
// (its ply does not: a takeback lowers it). It carries no state: the
// state is in the store, and a subscriber reloads it (the game at that
// version).
// That keeps a change small enough for a notification's payload, free of
// the store's types (feed imports nothing of zugbot's), and handled the
// same whether it was published here, relayed from another process, or
// stands for changes that were missed (Resync). An adapter that shows one
// game to many viewers (a web page's spectators) should subscribe once
// for that game and reload once per change, not once per viewer.
//
// # Publishing
//
// The store records a change in one transaction. On PostgreSQL, it
// calls Notify in that transaction; once it has committed, it publishes
// the change on its process's Bus (Publish never waits, so it may do it
// under the game's lock). So the notification is part of the write: a
// process killed between its commit and anything after it has sent it
// (store's TestKilledAfterCommit shows it).
//
//	origin := feed.NewOrigin()
//	bus := feed.NewBus(0)
//	l := &feed.Listener{URL: url, Bus: bus, Origin: origin, Logger: log}
//	go l.Run(ctx) // on PostgreSQL only
//
//	// in the transaction that records a move:
//	err := feed.Notify(ctx, tx, origin, feed.Change{Game: id, Version: v, Ply: ply, Kind: feed.Moved})
//	// after its commit:
//	bus.Publish(feed.Change{Game: id, Version: v, Ply: ply, Kind: feed.Moved})
//
// With one process (SQLite, or PostgreSQL with a single process), the Bus
// alone does; Notify and a Listener add the other processes.
//
// # Why LISTEN/NOTIFY
//
// PostgreSQL's notifications are transactional: a NOTIFY sent in a
// transaction is delivered when, and only if, that transaction commits,
// and the notifications of one session arrive in the order of its
// commits (all listeners see the same order). So a change is relayed
// exactly when it is in the store, never before and never for a
// transaction that was rolled back; a process that dies after its commit
// has still sent it, and one that dies before has changed nothing. What
// the relay cannot know about, start-up reconciliation in the game
// service catches (a game whose AI reply or time-out was due while no
// process ran, say). It needs no other server than the database, and one
// connection per process.
//
// Its limits shape the rest of the package:
//
//   - A notification reaches only the connections listening at that
//     moment; one sent while a Listener is connecting again is lost to it.
//     So a Listener publishes a Resync to every subscriber each time it
//     has started listening, the first time included (what a subscriber
//     loaded before then may already be stale).
//   - A payload is shorter than 8000 bytes: a change is at most about 210
//     bytes of JSON, the process's origin included (every number at its
//     largest), and usually under 100.
//   - Notifications that a listening session does not read pile up in the
//     server's queue (8 GB by default; once it is full, NOTIFY, hence the
//     transaction recording the change, fails). A Listener reads them as they come and
//     never waits on a subscriber.
//   - Within one transaction, notifications with the same payload are
//     sent once; two identical changes mean nothing more than one.
//
// A process's Listener receives its own notifications too; they carry its
// Origin and are skipped, as its Bus has delivered them already. Any
// session may send everyone a Resync, an operator's psql for one:
//
//	SELECT pg_notify('zugbot_feed', '{"kind":"Resync"}');
//
// # Subscribing
//
// A subscriber takes a Subscription for everything, one game, or one
// tournament, receives its changes on C in order, and reloads what each
// one touches. A subscription holds a bounded number of changes: one that
// falls behind misses changes, and receives one Resync after those it
// holds. On a Resync, a subscriber must reload everything it shows
// through that subscription from the store (the board it shows, whose
// turn it is, the offers pending) and go on from there: it may have
// missed any change to any of it. Reloading is always correct, whatever
// was missed, since the store has the state; a change's Version lets it
// skip a change no newer than what it has loaded. When done, it calls Close.
package feed
