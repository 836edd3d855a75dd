import * as oidc from 'openid-client';

export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  issuerUrl: string;
}

/** What the browser must bring back to the callback; kept in a short-lived HttpOnly cookie. */
export interface PendingGoogleLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * Google sign-in with the authorization code flow, state, nonce and PKCE. The issuer is configurable so the
 * tests run the whole flow against a local OpenID Connect server.
 */
export function createGoogleSignIn(settings: GoogleSettings, redirectUri: string) {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(settings.issuerUrl), settings.clientId, settings.clientSecret, undefined, {
        // Only a local test issuer is plain http; Google itself is https.
        execute: settings.issuerUrl.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  return {
    async start(): Promise<{ url: string; pending: PendingGoogleLogin }> {
      const pending = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        prompt: 'select_account',
      });
      return { url: url.href, pending };
    },

    /** Exchanges the code and answers the verified email address, or null when Google did not verify one. */
    async finish(callbackQuery: string, pending: PendingGoogleLogin): Promise<string | null> {
      const tokens = await oidc.authorizationCodeGrant(
        await configuration(),
        new URL(`${redirectUri}?${callbackQuery}`),
        {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        },
      );
      const claims = tokens.claims();
      const email = typeof claims?.email === 'string' ? claims.email : null;
      return email && claims?.email_verified === true ? email : null;
    },
  };
}
