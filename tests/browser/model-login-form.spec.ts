import { testModelPaths } from './model/browser-model.ts';
import { loginFormModel } from './model/login-form-model.ts';

testModelPaths(loginFormModel);
