/** Microsoft (Entra ID) sign-in settings; the sign-in is off unless AZURE_CLIENT_ID and AZURE_TENANT_ID are both set. */
export type AzureConfig = {
  clientId: string;
  tenantId: string;
  /** What the access token's `aud` must be. */
  audience: string;
  issuer: string;
  jwksUrl: string;
  /**
   * The scope the browser asks for. It must be an API scope of this app registration so the
   * access token is issued for us: a Microsoft Graph token cannot be verified by anyone but Graph.
   */
  scope: string;
};

export function readAzureConfig(env: NodeJS.ProcessEnv): AzureConfig | null {
  const clientId = env.AZURE_CLIENT_ID?.trim();
  const tenantId = env.AZURE_TENANT_ID?.trim();
  if (!clientId || !tenantId) return null;
  return {
    clientId,
    tenantId,
    audience: env.AZURE_AUDIENCE || clientId,
    issuer: env.AZURE_ISSUER || `https://login.microsoftonline.com/${tenantId}/v2.0`,
    jwksUrl: env.AZURE_JWKS_URL || `https://login.microsoftonline.com/${tenantId}/discovery/v2.0/keys`,
    scope: env.AZURE_SCOPE || `api://${clientId}/access_as_user`,
  };
}
