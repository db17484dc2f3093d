package dev.kavro.registry;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;

/**
 * A scripted Confluent-style registry on 127.0.0.1 and an ephemeral port, for fault injection. Routes are keyed by
 * {@code "METHOD /path?query"}; each route answers its scripted responses in turn and then repeats the last one.
 * Unknown routes answer 404 / 40401. Every request is recorded.
 */
public final class StubRegistry implements AutoCloseable {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String CONFLUENT_JSON = "application/vnd.schemaregistry.v1+json";

  public record Request(String method, String target, Map<String, List<String>> headers, String body) {
    public String header(String name) {
      List<String> values = headers.get(name.toLowerCase(java.util.Locale.ROOT));
      return values == null ? null : values.get(0);
    }

    public JsonNode json() {
      try {
        return JSON.readTree(body);
      } catch (JsonProcessingException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** A scripted answer; {@code hold} makes the handler wait on a latch before answering. */
  public record Response(int status, String contentType, String body, CountDownLatch hold) {
    public static Response json(int status, Object body) {
      return new Response(status, CONFLUENT_JSON, write(body), null);
    }

    public static Response ok(Object body) {
      return json(200, body);
    }

    public static Response error(int status, int errorCode, String message) {
      return json(status, Map.of("error_code", errorCode, "message", message));
    }

    public static Response raw(int status, String contentType, String body) {
      return new Response(status, contentType, body, null);
    }

    /** Answers only after {@code latch} opens (or the stub closes). */
    public Response heldBy(CountDownLatch latch) {
      return new Response(status, contentType, body, latch);
    }
  }

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final Map<String, Deque<Response>> routes = new ConcurrentHashMap<>();
  private final List<Request> requests = new CopyOnWriteArrayList<>();
  private final Map<String, CountDownLatch> arrivals = new ConcurrentHashMap<>();
  private final CountDownLatch closing = new CountDownLatch(1);

  private StubRegistry(HttpServer server) {
    this.server = server;
    server.createContext("/", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  public static StubRegistry start() throws IOException {
    return new StubRegistry(HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0));
  }

  public static StubRegistry startTls(SSLContext context) throws IOException {
    HttpsServer server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setHttpsConfigurator(new HttpsConfigurator(context));
    return new StubRegistry(server);
  }

  public String url() {
    String scheme = server instanceof HttpsServer ? "https" : "http";
    return scheme + "://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Scripts {@code route} ("GET /schemas/ids/1"): the responses in turn, then the last one again and again. */
  public StubRegistry on(String route, Response... responses) {
    routes.put(route, new ArrayDeque<>(List.of(responses)));
    return this;
  }

  /** A latch that opens when {@code route} receives its first request. */
  public CountDownLatch arrivalOf(String route) {
    return arrivals.computeIfAbsent(route, r -> new CountDownLatch(1));
  }

  public List<Request> requests() {
    return List.copyOf(requests);
  }

  public long count(String route) {
    return requests.stream().filter(r -> (r.method() + " " + r.target()).equals(route)).count();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String route = exchange.getRequestMethod() + " " + exchange.getRequestURI().getRawPath()
          + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery());
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      Map<String, List<String>> headers = new LinkedHashMap<>();
      exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT), v));
      requests.add(new Request(exchange.getRequestMethod(), route.substring(route.indexOf(' ') + 1), headers,
          body));
      arrivalOf(route).countDown();
      Response response = next(route);
      if (response.hold() != null) {
        awaitEither(response.hold());
      }
      byte[] bytes = response.body().getBytes(StandardCharsets.UTF_8);
      if (response.contentType() != null) {
        exchange.getResponseHeaders().set("Content-Type", response.contentType());
      }
      exchange.sendResponseHeaders(response.status(), bytes.length == 0 ? -1 : bytes.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      // The client went away (for example after its timeout); nothing to answer.
    }
  }

  private Response next(String route) {
    Deque<Response> script = routes.get(route);
    if (script == null) {
      return Response.error(404, 40401, "Subject not found");
    }
    synchronized (script) {
      return script.size() > 1 ? script.poll() : script.peek();
    }
  }

  private void awaitEither(CountDownLatch hold) throws InterruptedException {
    while (!hold.await(10, TimeUnit.MILLISECONDS)) {
      if (closing.getCount() == 0) {
        return;
      }
    }
  }

  public static String write(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    closing.countDown();
    server.stop(0);
    executor.shutdownNow();
  }
}
