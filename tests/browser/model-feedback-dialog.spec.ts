import { testModelPaths } from './model/browser-model.ts';
import { feedbackDialogModel } from './model/feedback-dialog-model.ts';

testModelPaths(feedbackDialogModel);
