package dev.kavro.registry.auth;

import dev.kavro.registry.RegistryException;
import java.net.URI;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code bearer.auth.credentials.source=OAUTHBEARER}: a token from the OAuth client-credentials grant, cached and
 * fetched again before it expires, with Confluent's refresh rule: at 80% of the token's lifetime, but no later than
 * {@code bearer.auth.cache.expiry.buffer.seconds} before it expires (or at 80% of what is left when the buffer does
 * not fit). One thread fetches while the others wait for its result. Thread-safe.
 */
final class OAuthBearerTokenProvider implements BearerTokenProvider {
  private static final Logger LOG = LoggerFactory.getLogger(OAuthBearerTokenProvider.class);
  static final double REFRESH_AT_LIFETIME_FRACTION = 0.8;

  private final Supplier<String> fetch;
  private final String subClaim;
  private final String scopeClaim;
  private final long bufferMs;
  private final LongSupplier clock;
  private AccessToken current;
  private long refreshAtMs;

  OAuthBearerTokenProvider(Supplier<String> fetch, String subClaim, String scopeClaim, int bufferSeconds,
      LongSupplier clock) {
    this.fetch = fetch;
    this.subClaim = subClaim;
    this.scopeClaim = scopeClaim;
    this.bufferMs = bufferSeconds * 1000L;
    this.clock = clock;
  }

  @Override
  public synchronized String bearerToken(URI registryUrl) {
    long now = clock.getAsLong();
    if (current == null || now >= refreshAtMs) {
      String jwt = fetch.get();
      AccessToken token;
      try {
        token = AccessToken.parse(jwt, subClaim, scopeClaim);
      } catch (IllegalArgumentException e) {
        throw new RegistryException("The OAuth token for the schema registry is invalid: " + e.getMessage(), 401,
            -1);
      }
      current = token;
      refreshAtMs = refreshAt(token, now);
    }
    return current.value();
  }

  private long refreshAt(AccessToken token, long now) {
    long expiry = token.expiresAtMs();
    if (now > expiry) {
      LOG.warn("The OAuth token for the schema registry (principal {}) expired before it arrived: this host's clock "
          + "may be ahead of the token issuer's", token.principal());
      return expiry;
    }
    if (now + bufferMs > expiry) {
      return now + (long) Math.floor((expiry - now) * REFRESH_AT_LIFETIME_FRACTION);
    }
    long start = token.issuedAtMs() != null ? token.issuedAtMs() : now;
    long proposed = start + (long) ((expiry - start) * REFRESH_AT_LIFETIME_FRACTION);
    return Math.min(proposed, expiry - bufferMs);
  }

  @Override
  public String toString() {
    return "OAuthBearerTokenProvider{sub claim " + subClaim + ", scope claim " + scopeClaim + "}";
  }
}
