package dev.kavro.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.api.Test;

/**
 * The generated source of one small writer, against a reviewed snapshot: a change to the emitter shows up here as a
 * diff to review. Only the class-name counter is masked. To accept a change, review the diff, then regenerate with
 * {@code -Dkavro.golden.update=true}.
 */
class WriterGeneratorGoldenTest {

  @Test
  void generatesTheReviewedSourceForASmallSchema() throws IOException {
    GeneratedSource generated = WriterGenerator.generate(WriterFixtures.load("/writer/small.avsc"), GenericData.get());
    String actual = masked(generated.source());
    if (Boolean.getBoolean("kavro.golden.update")) {
      Files.writeString(Path.of("src/test/resources/golden/small-writer.java.txt"), actual);
    }
    assertEquals(golden("/golden/small-writer.java.txt"), actual, "Generated writer source changed:\n" + actual);
  }

  private static String masked(String source) {
    return source.replaceAll("KavroWriter\\d+", "KavroWriterN");
  }

  private static String golden(String resource) throws IOException {
    try (InputStream in = WriterGeneratorGoldenTest.class.getResourceAsStream(resource)) {
      return in == null ? "(missing " + resource + ")" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
