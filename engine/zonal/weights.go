package zonal

// The evaluation's weights for each board, middlegame and endgame, in
// centipawns: material at classical values, the other terms fitted by
// TestTune (see its comment for the method) to 31,022 chess positions and
// 20,491 Zonal Chess positions of 400 games each, from the weights first
// set by hand (handWeights in the tests).
var (
	chessWeights = weights{
		tPawn: {100, 120}, tKnight: {320, 300}, tBishop: {330, 320}, tRook: {500, 550}, tQueen: {950, 1000},
		tBishopPair: {27, 50}, tTempo: {8, 8},
		tAdvance: {-12, 1}, tPassed1: {60, 151}, tPassed2: {40, 101}, tPassed3: {25, 61}, tPassed4: {8, 37}, tPassed5: {-1, 15},
		tDoubled: {-11, -20}, tIsolated: {-13, -15},
		tKnightCentre: {3, -6}, tBishopCentre: {1, 0}, tKingCentre: {0, 7},
		tShield: {15, 2}, tKingAttack: {18, 1},
		tKnightMoves: {12, 7}, tBishopMoves: {6, 2}, tRookMoves: {6, 2}, tQueenMoves: {3, 11},
		tRookOpen: {26, 9}, tRookHalfOpen: {16, 7},
	}
	zonalWeights = weights{
		tPawn: {100, 120}, tKnight: {320, 300}, tBishop: {330, 320}, tRook: {500, 550}, tQueen: {950, 1000},
		tBishopPair: {31, 51}, tTempo: {14, 11},
		tAdvance: {0, -4}, tPassed1: {61, 151}, tPassed2: {42, 102}, tPassed3: {26, 60}, tPassed4: {8, 31}, tPassed5: {2, 14},
		tDoubled: {-10, -19}, tIsolated: {-6, -13},
		tKnightCentre: {-14, -5}, tBishopCentre: {-3, -3}, tKingCentre: {10, 2},
		tShield: {11, 3}, tKingAttack: {14, 7},
		tKnightMoves: {-6, -2}, tBishopMoves: {1, 3}, tRookMoves: {15, 11}, tQueenMoves: {6, 11},
		tRookOpen: {26, 10}, tRookHalfOpen: {13, 7},
		tZoneRider: {19, 18}, tZSquare: {3, 1},
	}
)
