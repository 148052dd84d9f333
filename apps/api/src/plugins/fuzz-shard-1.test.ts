import { fuzzRoutes } from '../../test/fuzz/route-fuzzing.ts';

// Schema fuzzing of the odd-numbered routes of the contract list (the even ones in shard 2):
// see test/fuzz/route-fuzzing.ts.
fuzzRoutes(1);
