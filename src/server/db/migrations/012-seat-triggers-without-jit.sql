-- The bus table is tiny, but until it is analysed the planner guesses 850
-- rows, and the recount at the end of every seat-moving statement then
-- crossed jit_above_cost: PostgreSQL compiled it with LLVM (about 8 ms) for
-- each registration, holding the bus locks meanwhile. Nothing here gains from
-- JIT. (PGlite has no JIT; the setting is accepted and does nothing.)
ALTER FUNCTION caravana_settle_seats() SET jit = off;
