import { fuzzRoutes } from '../../test/fuzz/route-fuzzing.ts';

// Schema fuzzing of the even-numbered routes of the contract list (the odd ones in shard 1):
// see test/fuzz/route-fuzzing.ts.
fuzzRoutes(2);
