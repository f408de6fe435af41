package zonal

// The evaluation's weights for each board, middlegame and endgame, in
// centipawns, set by hand: material at classical values, the other terms
// at sizes common in chess programs. TestTune's fit to game results played
// no better (see its comment), so these stand.
var (
	chessWeights = weights{
		tPawn: {100, 120}, tKnight: {320, 300}, tBishop: {330, 320}, tRook: {500, 550}, tQueen: {950, 1000},
		tBishopPair: {30, 50}, tTempo: {10, 10},
		tAdvance: {4, 8}, tPassed1: {60, 150}, tPassed2: {40, 100}, tPassed3: {25, 60}, tPassed4: {10, 35}, tPassed5: {5, 15},
		tDoubled: {-10, -20}, tIsolated: {-10, -15},
		tKnightCentre: {-4, -4}, tBishopCentre: {-2, -2}, tKingCentre: {5, -5},
		tShield: {10, 0}, tKingAttack: {6, 0},
		tKnightMoves: {4, 4}, tBishopMoves: {4, 5}, tRookMoves: {2, 4}, tQueenMoves: {1, 2},
		tRookOpen: {25, 10}, tRookHalfOpen: {10, 5},
	}
	// The zonal board's are chess's, and a rider in a zone is worth a
	// little more (its mobility counts its bent paths besides).
	zonalWeights = func() weights {
		w := chessWeights
		w[tZoneRider] = [2]int{20, 20}
		return w
	}()
)
