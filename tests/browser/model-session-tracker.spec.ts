import { testModelPaths } from './model/browser-model.ts';
import { sessionTrackerModel } from './model/session-tracker-model.ts';

testModelPaths(sessionTrackerModel);
