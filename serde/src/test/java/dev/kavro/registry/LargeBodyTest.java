package dev.kavro.registry;

import static dev.kavro.registry.RegistryFixtures.schemaString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.StubRegistry.Response;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import org.apache.avro.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Registry bodies cost about their own size while the client reads them (Jackson reads the received chunks as one
 * stream; no growing buffer, no joined copy), and a body over the cap is neither retried nor tried elsewhere.
 */
@Timeout(60)
class LargeBodyTest {
  private static final int DOC_CHARS = 15 << 20;
  private final RegistryFixtures.Clients clients = new RegistryFixtures.Clients();
  private StubRegistry stub;

  @BeforeEach
  void startStub() throws Exception {
    stub = StubRegistry.start();
  }

  @AfterEach
  void stop() {
    stub.close();
  }

  @Test
  void aLargeSchemaIsReadWithoutCopiesOfTheBody() {
    char[] doc = new char[DOC_CHARS];
    Arrays.fill(doc, 'd');
    String schema = "{\"type\":\"record\",\"name\":\"Big\",\"doc\":\"" + new String(doc) + "\",\"fields\":[]}";
    stub.on("GET /schemas/ids/1", Response.ok(schemaString(schema)));
    try (RestSchemaRegistry registry = clients.create(stub.url())) {
      long before = httpClientAllocatedBytes();
      Schema read = registry.schemaById(1);
      long byTheClient = httpClientAllocatedBytes() - before;
      assertEquals(DOC_CHARS, read.getDoc().length());
      // The body itself (about 15 MB) once, plus the client's own read buffers; a growing buffer and a joined
      // copy took four times the body or more.
      assertTrue(byTheClient < 2.5 * DOC_CHARS, "the HTTP client's threads allocated " + byTheClient + " bytes");
    }
  }

  @Test
  void aBodyOverTheCapIsNotAskedForAgain() {
    char[] doc = new char[65 << 20];
    Arrays.fill(doc, 'd');
    stub.on("GET /schemas/ids/2", Response.ok(schemaString(new String(doc))));
    try (RestSchemaRegistry registry = clients.create(stub.url() + "," + stub.url())) {
      RegistryException e = assertThrows(RegistryException.class, () -> registry.schemaById(2));
      assertTrue(e.getMessage().contains("larger than"), e.getMessage());
      assertEquals(1, stub.requests().size());
    }
  }

  /** Bytes allocated so far by the JDK HTTP client's threads (its selector and its executor's workers). */
  private static long httpClientAllocatedBytes() {
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long sum = 0;
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (thread.getName().startsWith("HttpClient")) {
        sum += Math.max(0, threads.getThreadAllocatedBytes(thread.getId()));
      }
    }
    return sum;
  }
}
