import { testModelPaths } from './model/browser-model.ts';
import { invoiceUploadModel } from './model/invoice-upload-model.ts';

testModelPaths(invoiceUploadModel);
