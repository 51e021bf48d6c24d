import { testModelPaths } from './model/browser-model.ts';
import { pagedRebatesModel } from './model/paged-rebates-model.ts';

testModelPaths(pagedRebatesModel);
