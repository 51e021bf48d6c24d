import { testModelPaths } from './model/browser-model.ts';
import { intelModel } from './model/intel-model.ts';

testModelPaths(intelModel);
