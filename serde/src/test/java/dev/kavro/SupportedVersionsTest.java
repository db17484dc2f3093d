package dev.kavro;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.avro.Schema;
import org.apache.kafka.common.KafkaException;
import org.junit.jupiter.api.Test;

class SupportedVersionsTest {

  @Test
  void acceptsTheClasspathItRunsOn() {
    // The build runs this on the newest versions, the compatibility matrix on the oldest supported ones.
    assertDoesNotThrow(SupportedVersions::check);
  }

  @Test
  void readsAvrosVersionFromItsMavenDescriptorAsItsManifestSays() {
    // Both agree on Avro's own jar; in a fat jar only the descriptor still names Avro's version (the bench jar).
    assertEquals(Schema.class.getPackage().getImplementationVersion(), SupportedVersions.avroVersion());
  }

  @Test
  void failsBelowTheOldestAvroNamingBothVersions() {
    for (String old : new String[] {"1.11.3", "1.10.2", "1.8.2", "1.11.0-SNAPSHOT"}) {
      KafkaException e = assertThrows(KafkaException.class, () -> SupportedVersions.checkAvro(old), old);
      assertTrue(e.getMessage().contains("Avro " + old) && e.getMessage().contains("1.11.4 or newer"), e.getMessage());
    }
  }

  @Test
  void acceptsEveryAvroInRangeAndToleratesNewerOrUnknownOnes() {
    for (String ok : new String[] {"1.11.4", "1.11.5", "1.12.0", "1.12.2", "1.13.0", "2.0.0", null, "custom"}) {
      assertDoesNotThrow(() -> SupportedVersions.checkAvro(ok), ok);
    }
  }

  @Test
  void failsBelowTheOldestKafkaClientsCountingConfluentBuildsAsTheirKafkaRelease() {
    for (String old : new String[] {"3.8.1", "2.8.0", "3.0.0", "7.8.0-ccs", "7.6.1-ce"}) {
      KafkaException e = assertThrows(KafkaException.class, () -> SupportedVersions.checkKafka(old), old);
      assertTrue(e.getMessage().contains("kafka-clients " + old) && e.getMessage().contains("3.9.0 or newer"),
          e.getMessage());
    }
    for (String ok : new String[] {"3.9.0", "3.9.1", "4.0.0", "4.3.1", "4.4.0-SNAPSHOT", "7.9.0-ccs", "8.0.0-ce",
        "5.0.0", null}) {
      assertDoesNotThrow(() -> SupportedVersions.checkKafka(ok), ok);
    }
  }

  @Test
  void parsesReleaseSnapshotAndVendorVersions() {
    assertArrayEquals(new int[] {1, 12, 2}, SupportedVersions.parse("1.12.2"));
    assertArrayEquals(new int[] {4, 1, 0}, SupportedVersions.parse("4.1.0-SNAPSHOT"));
    assertArrayEquals(new int[] {7, 9, 0}, SupportedVersions.parse("7.9.0-ccs"));
    assertArrayEquals(new int[] {1, 12, 0}, SupportedVersions.parse("1.12"));
    assertNull(SupportedVersions.parse("unknown"));
    assertNull(SupportedVersions.parse(null));
  }
}
