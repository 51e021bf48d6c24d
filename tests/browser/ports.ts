// The ports of one browser-test run; PORTAL_TEST_PORT lets two runs share a machine.
export const MAIN_PORT = Number(process.env.PORTAL_TEST_PORT ?? 5301);
export const MAINTENANCE_PORT = MAIN_PORT + 1;
// The portal under test sends its email to a real SMTP capture the tests read (mailbox.ts).
export const MAIL_CAPTURE_SMTP_PORT = MAIN_PORT + 2;
export const MAIL_CAPTURE_HTTP_PORT = MAIN_PORT + 3;
/** The portal server of one Playwright worker (portal-fixture.ts), by the worker's parallel index. */
export const workerPort = (parallelIndex: number) => MAIN_PORT + 10 + parallelIndex;
