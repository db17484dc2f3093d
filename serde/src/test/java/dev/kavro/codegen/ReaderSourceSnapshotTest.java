package dev.kavro.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kavro.plan.PlanBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.api.Test;

/**
 * The generated source for one evolution pair, pinned. A change here is a change to every compiled reader: review
 * the diff, then regenerate with {@code -Dkavro.golden.update=true}.
 */
class ReaderSourceSnapshotTest {

  @Test
  void evolutionPairSourceMatchesSnapshot() throws IOException {
    Schema writer = parse("evolution-writer.avsc");
    Schema reader = parse("evolution-reader.avsc");
    String source = ReaderGenerator.generate(PlanBuilder.build(writer, reader, GenericData.get()), GenericData.get())
        .source().replaceAll("KavroReader\\d+", "KavroReaderN");
    Path golden = Path.of("src/test/resources/golden/evolution-reader.java.txt");
    if (Boolean.getBoolean("kavro.golden.update")) {
      Files.writeString(golden, source);
    }
    assertEquals(Files.readString(golden), source);
  }

  private static Schema parse(String name) throws IOException {
    try (InputStream in = ReaderSourceSnapshotTest.class.getResourceAsStream("/golden/" + name)) {
      return new Schema.Parser().parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }
}
