import { testModelPaths } from './model/browser-model.ts';
import { authRoutingModel } from './model/auth-routing-model.ts';

testModelPaths(authRoutingModel);
