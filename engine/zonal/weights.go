package zonal

// The evaluation's weights for each board, middlegame and endgame, in
// centipawns. Chess's were set by hand (material at classical values, the
// other terms at sizes common in chess programs), then fitted by TestTune
// to Stockfish's judgement of 34,333 positions (-tune.stockfish 20ms; see
// its comment), material kept, and fitted again with the piece-square
// tables and the threat terms to 70,967 positions (-tune.stockfish 15ms
// -tune.ridge 1e-8); TestEvalGain -evalgain.against hand plays them
// against the hand-set ones, handWeights.
var (
	chessWeights = weights{terms: [nTerms][2]int{
		tPawn: {100, 120}, tKnight: {320, 300}, tBishop: {330, 320}, tRook: {500, 550}, tQueen: {950, 1000},
		tBishopPair: {52, 59}, tTempo: {45, 8},
		tAdvance: {6, 1}, tPassed1: {70, 160}, tPassed2: {28, 107}, tPassed3: {10, 54}, tPassed4: {-20, 36}, tPassed5: {-6, 10},
		tDoubled: {-28, -22}, tIsolated: {-5, -9},
		tKnightCentre: {4, -3}, tBishopCentre: {3, -4}, tKingCentre: {7, -8},
		tShield: {25, -11}, tKingAttack: {-6, 10},
		tKnightMoves: {17, 0}, tBishopMoves: {11, 2}, tRookMoves: {7, 0}, tQueenMoves: {4, 11},
		tRookOpen: {39, -1}, tRookHalfOpen: {25, 23},
		tPawnThreat: {-42, -11}, tHanging: {-43, -16}, tKingDanger: {9, -5},
	}, psq: psqTable{
		pawn: {
			{0, 0}, {0, 0}, {0, 0}, {0, 0}, // rank 1
			{-14, -2}, {12, -10}, {-5, 18}, {-23, -17}, // rank 2
			{-21, -6}, {3, -9}, {-15, -4}, {-25, -17}, // rank 3
			{-30, -2}, {-18, -3}, {2, -9}, {9, -13}, // rank 4
			{-22, -12}, {8, -7}, {-1, -2}, {4, -4}, // rank 5
			{11, 7}, {-9, 17}, {22, -5}, {7, 11}, // rank 6
			{7, -13}, {1, -2}, {-1, 26}, {3, -3}, // rank 7
			{0, 0}, {0, 0}, {0, 0}, {0, 0}, // rank 8
		},
		knight: {
			{-2, -3}, {-30, 4}, {-3, -2}, {-5, -5}, // rank 1
			{-8, -7}, {2, 0}, {-12, -12}, {18, -5}, // rank 2
			{-28, -8}, {4, -10}, {4, -1}, {17, -1}, // rank 3
			{18, -6}, {3, 13}, {31, 7}, {27, 7}, // rank 4
			{15, -8}, {18, 16}, {20, 9}, {45, 13}, // rank 5
			{-2, -2}, {19, 21}, {3, 2}, {10, 3}, // rank 6
			{-6, 7}, {-2, 0}, {6, 0}, {-6, 0}, // rank 7
			{-10, -1}, {0, 1}, {0, 0}, {0, -1}, // rank 8
		},
		bishop: {
			{-2, 0}, {1, -7}, {-21, -15}, {1, 2}, // rank 1
			{-2, -8}, {21, 10}, {-1, 5}, {20, -19}, // rank 2
			{-13, 8}, {8, -3}, {16, 19}, {6, 10}, // rank 3
			{4, -6}, {4, 2}, {5, 9}, {16, -7}, // rank 4
			{3, 2}, {0, 10}, {9, -21}, {19, -10}, // rank 5
			{-7, 3}, {12, -6}, {-1, 9}, {6, 11}, // rank 6
			{-7, -2}, {-1, 4}, {-3, -9}, {2, 13}, // rank 7
			{-11, 1}, {-5, 2}, {-5, -1}, {0, -1}, // rank 8
		},
		rook: {
			{-23, -9}, {-14, -10}, {17, -15}, {7, -18}, // rank 1
			{-33, -7}, {-19, -21}, {0, -17}, {-7, -10}, // rank 2
			{-30, -21}, {-18, -13}, {-1, -3}, {-15, -14}, // rank 3
			{-22, -5}, {1, 1}, {1, 0}, {-6, -7}, // rank 4
			{2, 12}, {5, 8}, {9, 4}, {9, 6}, // rank 5
			{4, 5}, {5, -2}, {6, 5}, {9, 8}, // rank 6
			{7, 16}, {-5, 0}, {11, 0}, {10, 10}, // rank 7
			{5, 6}, {-2, 8}, {2, 4}, {0, -2}, // rank 8
		},
		queen: {
			{-1, -2}, {-9, -2}, {14, -2}, {9, -6}, // rank 1
			{-3, 0}, {3, -3}, {3, -7}, {15, 0}, // rank 2
			{-4, -3}, {4, 8}, {-1, 3}, {-2, -4}, // rank 3
			{-12, -1}, {2, 2}, {6, 3}, {10, 1}, // rank 4
			{16, 2}, {-14, 1}, {-3, 0}, {9, 13}, // rank 5
			{-4, 0}, {0, 5}, {3, 4}, {2, -5}, // rank 6
			{-1, 1}, {-20, -2}, {-6, -3}, {0, 5}, // rank 7
			{0, 3}, {2, -1}, {4, 2}, {2, 5}, // rank 8
		},
		king: {
			{-11, -12}, {9, -11}, {-23, -18}, {18, -31}, // rank 1
			{3, 7}, {-1, 4}, {0, -4}, {-4, -9}, // rank 2
			{-3, -8}, {-1, 1}, {2, -5}, {-2, -5}, // rank 3
			{-6, -26}, {2, 15}, {-1, 4}, {-6, -21}, // rank 4
			{1, 5}, {3, 14}, {2, 10}, {-4, -17}, // rank 5
			{2, 8}, {4, 27}, {3, 20}, {1, 12}, // rank 6
			{0, 2}, {4, 14}, {4, 16}, {1, 2}, // rank 7
			{0, 1}, {2, 2}, {0, -1}, {2, 4}, // rank 8
		},
	}}
	// The zonal board's are chess's terms, a rider in a zone worth a
	// little more (its mobility counts its bent paths besides), without
	// chess's piece-square tables: fitted to chess, they lost 13 Elo in
	// Zonal Chess (95%: −67 to +41) where chess's terms without them
	// gained 30 (−22 to +84), 160 games each at 50 ms a move.
	zonalWeights = func() weights {
		w := chessWeights
		w.terms[tZoneRider] = [2]int{20, 20}
		w.psq = psqTable{}
		return w
	}()
)
