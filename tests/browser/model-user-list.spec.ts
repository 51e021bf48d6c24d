import { testModelPaths } from './model/browser-model.ts';
import { userListModel } from './model/user-list-model.ts';

testModelPaths(userListModel);
