package dev.kavro.flink.sql.it;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Kavro compiles readers and writers with Janino; in the jar Janino is relocated, and Flink's lib/ has Janino 3.1.10
 * unrelocated in flink-table-runtime. The generated source names Avro's classes, relocated too. Compiled readers
 * and writers from the jar, in a JVM with lib/ on its class path, must read and write what the jar's Avro does.
 */
class RelocatedCodegenIT {
  private static final int RECORDS = 300;
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  @Test
  void compiledReadersAndWritersWorkBesideFlinksJanino() throws Exception {
    long seed = System.nanoTime();
    Path log = FlinkLib.workDir().resolve("relocated-round-trip.log");
    ChildJvm.Result result = ChildJvm.run(FlinkLib.classPathWithChildren(),
        "dev.kavro.flink.sql.client.RelocatedRoundTrip", List.of("-Xmx256m"),
        List.of(Long.toString(seed), Integer.toString(RECORDS)), TIMEOUT, log);
    result.assertCompleted();

    Map<String, String> janino = result.tagged("JANINO").stream()
        .collect(Collectors.toMap(fields -> fields.get(0), fields -> fields.get(1)));
    assertAll("seed " + seed + ", Flink " + FlinkLib.flinkVersion(),
        () -> assertEquals(List.of(List.of(Integer.toString(RECORDS))), result.tagged("RECORDS")),
        () -> assertEquals(List.of(List.of("reader=true writer=true")), result.tagged("COMPILED"),
            "compiled mode compiles or fails; it never falls back silently"),
        () -> assertEquals("0", result.tagged("MISMATCHES").get(0).get(0),
            () -> "records that differ from the jar's own Avro: " + result.tagged("MISMATCHES")),
        () -> assertTrue(janino.get("kavro").endsWith(FlinkLib.kavroJar().getFileName().toString()),
            () -> "Kavro's Janino from " + janino),
        () -> assertTrue(janino.get("flink").contains("flink-table-runtime"),
            () -> "Flink's own Janino still from flink-table-runtime: " + janino));
  }
}
