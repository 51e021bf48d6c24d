import { testModelPaths } from './model/browser-model.ts';
import { orderHistoryModel } from './model/order-history-model.ts';

testModelPaths(orderHistoryModel);
