package dev.kavro.registry;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLException;
import org.apache.kafka.common.config.ConfigException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends registry calls over one pooled {@link HttpClient}, with retries per URL and failover across URLs.
 *
 * <p>URLs are tried in order, starting at the last one that worked. Each gets up to {@code max.retries} retries
 * with full-jitter backoff on timeouts, I/O errors and HTTP 408/429/500/502/503/504; then the next URL is tried.
 * Any other HTTP error is thrown at once. Thread-safe.
 */
final class RegistryTransport implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RegistryTransport.class);
  private static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";
  private static final String ACCEPT = "application/vnd.schemaregistry.v1+json, application/json";
  private static final long MAX_RESPONSE_BYTES = 64L << 20;
  private static final int MAX_MESSAGE_CHARS = 500;

  private final HttpClient client;
  private final List<RegistryUrl> urls;
  private final AtomicInteger current;
  private final RegistryAuth auth;
  private final Duration readTimeout;
  private final long wholeCallLimitMs;
  private final int maxRetries;
  private final Backoff backoff;
  private volatile boolean closed;

  RegistryTransport(RegistryClientConfig config, List<RegistryUrl> urls, Backoff backoff) {
    if (urls.isEmpty()) {
      throw new ConfigException(RegistryClientConfig.SCHEMA_REGISTRY_URL_CONFIG + " must name at least one URL");
    }
    this.urls = List.copyOf(urls);
    this.backoff = backoff;
    this.maxRetries = config.getInt(RegistryClientConfig.MAX_RETRIES_CONFIG);
    int connectMs = config.getInt(RegistryClientConfig.HTTP_CONNECT_TIMEOUT_MS_CONFIG);
    int readMs = config.getInt(RegistryClientConfig.HTTP_READ_TIMEOUT_MS_CONFIG);
    this.readTimeout = Duration.ofMillis(readMs);
    // The request timeout covers waiting for the response; this also bounds a body that trickles in forever.
    this.wholeCallLimitMs = (long) connectMs + 2L * readMs;
    boolean randomize = config.getBoolean(RegistryClientConfig.SCHEMA_REGISTRY_URL_RANDOMIZE_CONFIG);
    this.current = new AtomicInteger(randomize ? ThreadLocalRandom.current().nextInt(urls.size()) : 0);
    HttpClient.Builder builder = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_2)
        .followRedirects(HttpClient.Redirect.NEVER)
        .connectTimeout(Duration.ofMillis(connectMs));
    if (urls.stream().anyMatch(RegistryUrl::isHttps)) {
      RegistrySsl.Tls tls = RegistrySsl.of(config);
      builder.sslContext(tls.context()).sslParameters(tls.parameters());
    }
    InetSocketAddress proxy = config.proxy();
    if (proxy != null) {
      builder.proxy(ProxySelector.of(proxy));
    }
    this.client = builder.build();
    this.auth = RegistryAuth.of(config, client);
  }

  /** The client's TLS parameters, for tests that check hostname verification. */
  HttpClient client() {
    return client;
  }

  /** The body of a successful GET, as a stream over the chunks received (see {@link BoundedBody}). */
  InputStream get(String path) {
    return send("GET", path, null).stream();
  }

  /** The body of a successful POST, as a stream over the chunks received. */
  InputStream post(String path, byte[] body) {
    return send("POST", path, body).stream();
  }

  private BoundedBody.Chunks send(String method, String path, byte[] body) {
    if (closed) {
      throw new RegistryException("Schema registry client is closed; " + method + " " + path + " not sent",
          RegistryException.NO_RESPONSE, -1);
    }
    int start = current.get();
    RegistryException last = null;
    for (int i = 0; i < urls.size(); i++) {
      int index = (start + i) % urls.size();
      RegistryUrl url = urls.get(index);
      try {
        return sendWithRetries(url, method, path, body);
      } catch (UrlFailedException failed) {
        last = failed.failure;
        int next = (index + 1) % urls.size();
        if (current.compareAndSet(index, next) && i < urls.size() - 1) {
          LOG.warn("{}; trying {} next", failed.failure.getMessage(), urls.get(next));
        }
      }
    }
    throw last;
  }

  private BoundedBody.Chunks sendWithRetries(RegistryUrl url, String method, String path, byte[] body)
      throws UrlFailedException {
    String call = method + " " + url + path;
    for (int attempt = 0; ; attempt++) {
      RegistryException failure;
      boolean retriable = true;
      try {
        HttpResponse<BoundedBody.Chunks> response = exchange(url, method, path, body);
        int status = response.statusCode();
        if (status >= 200 && status < 300) {
          return jsonBody(call, response);
        }
        failure = errorOf(call, response);
        if (!RegistryException.isRetriableStatus(status)) {
          throw failure;
        }
      } catch (HttpTimeoutException e) {
        failure = new RegistryException(call + " timed out: " + e.getMessage(), RegistryException.NO_RESPONSE, -1,
            true, e);
      } catch (BoundedBody.TooLargeException e) {
        throw new RegistryException(call + " failed: " + e.getMessage(), RegistryException.NO_RESPONSE, -1, false,
            e);
      } catch (SSLException e) {
        // A certificate problem does not go away by asking again; another URL may still work.
        failure = new RegistryException(call + " failed TLS: " + e.getMessage(), RegistryException.NO_RESPONSE, -1,
            false, e);
        retriable = false;
      } catch (IOException e) {
        failure = new RegistryException(call + " failed: " + describe(e), RegistryException.NO_RESPONSE, -1, false,
            e);
      } catch (InterruptedException e) {
        throw interrupted(call, e);
      }
      if (!retriable || attempt >= maxRetries) {
        throw new UrlFailedException(failure);
      }
      LOG.debug("{}; retry {} of {}", failure.getMessage(), attempt + 1, maxRetries);
      try {
        backoff.pause(attempt);
      } catch (InterruptedException e) {
        throw interrupted(call, e);
      }
    }
  }

  private HttpResponse<BoundedBody.Chunks> exchange(RegistryUrl url, String method, String path, byte[] body)
      throws IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url.base() + path))
        .timeout(readTimeout)
        .header("Content-Type", CONTENT_TYPE)
        .header("Accept", ACCEPT)
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofByteArray(body));
    auth.apply(request, url);
    CompletableFuture<HttpResponse<BoundedBody.Chunks>> future =
        client.sendAsync(request.build(), BoundedBody.handler(MAX_RESPONSE_BYTES));
    try {
      return future.get(wholeCallLimitMs, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      future.cancel(true);
      throw new HttpTimeoutException("no complete response within " + wholeCallLimitMs + " ms");
    } catch (InterruptedException e) {
      future.cancel(true);
      throw e;
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof OutOfMemoryError oom) {
        // Out of heap while the client buffered the body: asking again would only repeat it.
        throw new BoundedBody.TooLargeException(-1, oom);
      }
      throw new IOException(cause);
    }
  }

  private static BoundedBody.Chunks jsonBody(String call, HttpResponse<BoundedBody.Chunks> response) {
    String type = response.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
    if (!type.isEmpty() && !type.contains("json")) {
      throw new RegistryException(call + " answered with " + type + " instead of JSON; is the URL the registry's "
          + "API base (for Apicurio it ends in /apis/ccompat/v7)?", response.statusCode(),
          RegistryJson.JSON_PARSE_ERROR_CODE);
    }
    return response.body();
  }

  private static RegistryException errorOf(String call, HttpResponse<BoundedBody.Chunks> response) {
    RegistryJson.ErrorPayload error = RegistryJson.error(response.body().stream());
    if (error == null) {
      return new RegistryException(call + " failed: " + excerpt(response.body().head(4 * MAX_MESSAGE_CHARS)),
          response.statusCode(), RegistryJson.JSON_PARSE_ERROR_CODE);
    }
    int code = error.errorCode() == null ? -1 : error.errorCode();
    String message = error.message() == null ? "no message" : excerpt(error.message());
    return new RegistryException(call + " failed: " + message, response.statusCode(), code);
  }

  private static String excerpt(String text) {
    String oneLine = text.strip().replaceAll("\\s+", " ");
    return oneLine.length() <= MAX_MESSAGE_CHARS ? oneLine : oneLine.substring(0, MAX_MESSAGE_CHARS) + "...";
  }

  private static String describe(IOException e) {
    return e.getMessage() == null ? e.getClass().getSimpleName()
        : e.getClass().getSimpleName() + ": " + RegistryUrl.scrub(e.getMessage());
  }

  private static RegistryException interrupted(String call, InterruptedException e) {
    Thread.currentThread().interrupt();
    return new RegistryException(call + " was interrupted", RegistryException.NO_RESPONSE, -1, false, e);
  }

  @Override
  public void close() {
    closed = true;
    auth.close();
    // HttpClient is AutoCloseable from Java 21; on 17 its threads end once it is unreachable.
    if (client instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        LOG.debug("Closing the registry HTTP client failed", e);
      }
    }
  }

  /** One URL used up its retries; the caller moves on to the next. */
  private static final class UrlFailedException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient RegistryException failure;

    UrlFailedException(RegistryException failure) {
      super(null, null, false, false);
      this.failure = failure;
    }
  }
}
