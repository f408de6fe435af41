// Package web serves zugbot's live board: a web page that draws a game's
// board in SVG, lets its players move by tapping or typing, and follows
// the game as it changes, whichever adapter of the game service (package
// table) changed it.
//
// The page is one HTML file, two scripts (draw.js draws a board, which
// the replay draws too; board.js plays) and one stylesheet, embedded in
// the binary and served under a strict Content-Security-Policy. It reads
// the game from a JSON endpoint (GET /api/games/{id}), plays through POST
// endpoints (moves, resign, draw, takeback, answer) and hears of changes
// from a Server-Sent Events stream (GET /api/games/{id}/live) fed by the
// table's feed, refetching the state on each.
//
// A tournament has a page too (GET /tournaments/{id}): the current
// round's boards, small and read-only, each linking to its game's page,
// and the standings, from GET /api/tournaments/{id}, refetched on each
// change of the tournament or of its games (GET /api/tournaments/{id}/live,
// fed by feed.Filter{Tournament: id}).
//
// Games and tournaments are addressed by their public ids
// (store.ValidPublicID), never by their numbers, and each request asks the
// game service whether its reader may see what it names (table.CanView):
// whoever holds a server's game's address may watch it, a direct-message
// game opens for its players only. A player acts through a private link, signed
// with HMAC-SHA256 (Server.Link): GET /play?t=TOKEN checks the token
// (its signature, its expiry, and that it was not used before), sets a
// session cookie bound to that player and game, and redirects to the
// game's page. A request that changes a game needs that cookie and the
// session's CSRF value in the X-Zugbot-CSRF header; moves are rate
// limited per session.
package web
