package dev.kavro.bench.flink;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.Schema;

/**
 * A Confluent-style registry holding one schema under one id, on 127.0.0.1 and an ephemeral port, for the Confluent
 * client inside Flink's {@code flink-sql-avro-confluent-registry}: {@code GET /schemas/ids/{id}} answers the schema,
 * {@code POST /subjects/{subject}/versions} (what {@code register()} sends) answers the id when the posted schema is
 * that schema. Everything else is 404. Counts requests, so that a benchmark can show that its steady state makes none
 * (the client caches both answers). Thread-safe; its threads are daemons, and {@link #close} stops it.
 */
final class LoopbackRegistry implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CONTENT_TYPE = "application/vnd.schemaregistry.v1+json";

  private final HttpServer server;
  private final ExecutorService executor;
  private final int id;
  private final Schema schema;
  private final AtomicInteger requests = new AtomicInteger();

  private LoopbackRegistry(HttpServer server, int id, Schema schema) {
    this.server = server;
    this.id = id;
    this.schema = schema;
    this.executor = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "loopback-registry");
      t.setDaemon(true);
      return t;
    });
    server.createContext("/", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  /** Starts a registry that holds {@code schema} under {@code id}. */
  static LoopbackRegistry start(int id, Schema schema) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    return new LoopbackRegistry(server, id, schema);
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Requests answered so far, of any kind. */
  int requests() {
    return requests.get();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      requests.incrementAndGet();
      String path = exchange.getRequestURI().getPath();
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      String method = exchange.getRequestMethod();
      if (method.equals("GET") && path.equals("/schemas/ids/" + id)) {
        respond(exchange, 200, Map.of("schema", schema.toString()));
      } else if (method.equals("POST") && path.startsWith("/subjects/") && path.endsWith("/versions")
          && isOurSchema(body)) {
        respond(exchange, 200, Map.of("id", id));
      } else {
        respond(exchange, 404, Map.of("error_code", 40403, "message", "Not known to the bench's registry: " + path));
      }
    }
  }

  private boolean isOurSchema(String body) {
    try {
      JsonNode request = JSON.readTree(body);
      return new Schema.Parser().parse(request.path("schema").asText()).equals(schema);
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private static void respond(HttpExchange exchange, int status, Map<String, Object> answer) throws IOException {
    byte[] bytes = JSON.writeValueAsBytes(answer);
    exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
