package zonal

// The evaluation's weights for each board, middlegame and endgame, in
// centipawns. Chess's were set by hand (material at classical values, the
// other terms at sizes common in chess programs), then fitted by TestTune
// to Stockfish's judgement of 34,333 positions (-tune.stockfish 20ms; see
// its comment), material kept; TestEvalGain -evalgain.against hand plays
// them against the hand-set ones, handWeights.
var (
	chessWeights = weights{
		tPawn: {100, 120}, tKnight: {320, 300}, tBishop: {330, 320}, tRook: {500, 550}, tQueen: {950, 1000},
		tBishopPair: {31, 51}, tTempo: {17, 12},
		tAdvance: {1, 4}, tPassed1: {60, 152}, tPassed2: {40, 100}, tPassed3: {23, 59}, tPassed4: {9, 33}, tPassed5: {3, 13},
		tDoubled: {-13, -21}, tIsolated: {-12, -12},
		tKnightCentre: {-3, 0}, tBishopCentre: {-2, -2}, tKingCentre: {11, -10},
		tShield: {9, -3}, tKingAttack: {11, 0},
		tKnightMoves: {12, 10}, tBishopMoves: {10, 8}, tRookMoves: {8, 3}, tQueenMoves: {4, 4},
		tRookOpen: {26, 10}, tRookHalfOpen: {15, 8},
	}
	// The zonal board's are chess's, and a rider in a zone is worth a
	// little more (its mobility counts its bent paths besides).
	zonalWeights = func() weights {
		w := chessWeights
		w[tZoneRider] = [2]int{20, 20}
		return w
	}()
)
