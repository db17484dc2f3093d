package dev.kavro.registry.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.RegistryException;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class OAuthBearerTokenProviderTest {
  private static final URI REGISTRY = URI.create("http://127.0.0.1:1");
  private final AtomicLong now = new AtomicLong(1_000_000_000L);
  private final AtomicInteger fetches = new AtomicInteger();
  private final Deque<String> tokens = new ArrayDeque<>();

  private OAuthBearerTokenProvider provider(int bufferSeconds) {
    return new OAuthBearerTokenProvider(() -> {
      fetches.incrementAndGet();
      return tokens.size() > 1 ? tokens.poll() : tokens.peek();
    }, "sub", "scope", bufferSeconds, now::get);
  }

  private long seconds() {
    return now.get() / 1000;
  }

  @Test
  void refreshesAtEightyPercentOfTheLifetimeWhenTheBufferFits() {
    long t0 = seconds();
    tokens.addAll(List.of(Jwts.of("app", t0, t0 + 3600), Jwts.of("app", t0 + 2880, t0 + 7200)));
    OAuthBearerTokenProvider p = provider(300);

    String first = p.bearerToken(REGISTRY);
    now.addAndGet(2879_000);
    assertEquals(first, p.bearerToken(REGISTRY));
    assertEquals(1, fetches.get());
    now.addAndGet(1_000);
    String second = p.bearerToken(REGISTRY);
    assertEquals(2, fetches.get());
    assertFalse(first.equals(second));
  }

  @Test
  void refreshesNoLaterThanTheBufferBeforeExpiry() {
    // 80% would be 2880 s; the buffer says 1800 s before the expiry at 3600 s.
    assertRefreshedAfter(3600, 1800, 1800);
  }

  @Test
  void aBufferLongerThanTheTokenRefreshesAtEightyPercentOfWhatIsLeft() {
    assertRefreshedAfter(100, 300, 80);
  }

  /** A token living {@code lifetime} s is used until just before {@code refreshAt} s, and fetched again then. */
  private void assertRefreshedAfter(long lifetime, int bufferSeconds, long refreshAt) {
    long t0 = seconds();
    tokens.add(Jwts.of("app", t0, t0 + lifetime));
    OAuthBearerTokenProvider p = provider(bufferSeconds);
    p.bearerToken(REGISTRY);
    now.addAndGet(refreshAt * 1000 - 1000);
    p.bearerToken(REGISTRY);
    assertEquals(1, fetches.get());
    now.addAndGet(1_000);
    p.bearerToken(REGISTRY);
    assertEquals(2, fetches.get());
  }

  @Test
  void rejectsTokensWithoutExpiryOrSubjectWithoutQuotingThem() {
    for (String bad : List.of("opaque-token-value", Jwts.of("{\"sub\":\"a\"}"), Jwts.of("{\"exp\":99999999999}"),
        Jwts.of("{\"exp\":99999999999,\"sub\":\"a\",\"scope\":5}"))) {
      tokens.clear();
      tokens.add(bad);
      RegistryException e = assertThrows(RegistryException.class, () -> provider(300).bearerToken(REGISTRY));
      assertEquals(401, e.status());
      assertFalse(e.getMessage().contains(bad), e.getMessage());
    }
  }

  @Test
  void honoursAnotherSubjectClaim() {
    long t0 = seconds();
    tokens.add(Jwts.of("{\"client_id\":\"app\",\"exp\":" + (t0 + 60) + "}"));
    OAuthBearerTokenProvider p = new OAuthBearerTokenProvider(tokens::peek, "client_id", "scp", 300, now::get);
    assertTrue(p.bearerToken(REGISTRY).startsWith("ey"));
  }
}
