package dev.kavro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.ByteArrayInputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/** The version comes from the build (manifest or filtered resource), never a constant in the code. */
class KavroVersionTest {
  /** Set by the build to ${project.version}. */
  private static final String EXPECTED = System.getProperty("kavro.expected.version");

  @Test
  void isTheVersionMavenBuilt() {
    assertNotNull(EXPECTED, "surefire sets kavro.expected.version");
    assertEquals(EXPECTED, KavroVersion.get());
  }

  @Test
  void isReportedThroughJmxByBothCaches() throws Exception {
    dev.kavro.cache.ReaderCache.shared();
    dev.kavro.cache.WriterCache.shared();
    var server = ManagementFactory.getPlatformMBeanServer();
    assertEquals(EXPECTED, server.getAttribute(new ObjectName("dev.kavro:type=ReaderCache"), "Version"));
    assertEquals(EXPECTED, server.getAttribute(new ObjectName("dev.kavro:type=WriterCache"), "Version"));
  }

  @Test
  void ignoresAnUnfilteredOrEmptyResource() {
    assertNull(KavroVersion.fromResource(null));
    assertNull(KavroVersion.fromResource(stream("version=${project.version}\n")));
    assertNull(KavroVersion.fromResource(stream("other=1\n")));
    assertEquals("1.2.3", KavroVersion.fromResource(stream("version= 1.2.3 \n")));
  }

  private static ByteArrayInputStream stream(String text) {
    return new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1));
  }
}
