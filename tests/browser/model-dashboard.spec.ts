import { testModelPaths } from './model/browser-model.ts';
import { dashboardModel } from './model/dashboard-model.ts';

testModelPaths(dashboardModel);
