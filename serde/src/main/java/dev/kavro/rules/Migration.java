package dev.kavro.rules;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kavro.registry.RegisteredSchema;
import dev.kavro.registry.SchemaRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.Decoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.io.JsonEncoder;

/**
 * Migration rules between two versions of a subject, after Confluent: reading version {@code w} data as version
 * {@code r} runs, for every version after the older one up to the newer one that has migration rules, its UPGRADE
 * rules (w &lt; r, oldest first) or its DOWNGRADE rules (w &gt; r, newest first). The record travels between the
 * rules in Avro's JSON encoding. At the end it is decoded with the schema of the version the last rule produced and
 * resolved into the reader schema (Confluent decodes straight into the reader schema, which fails when a later
 * version without migration rules added a field).
 *
 * <p>Used as the datum reader of a (writer id, reader version) pair: {@link #reader} reads the writer's data with the
 * writer schema, migrates, and decodes the result. Thread-safe.
 *
 * <p>Internal: public only for {@code dev.kavro.serde} and the Connect converter; not meant for users, and may
 * change between releases.
 */
public final class Migration {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final List<Step> steps;
  private final String topic;

  /** The rules of one version and the schema the record has after them. */
  private record Step(RulePlan plan, Schema result) {}

  private Migration(List<Step> steps, String topic) {
    this.steps = steps;
    this.topic = topic;
  }

  /**
   * The migration from {@code writer} to {@code reader} (both versions of {@code subject}), or {@code null} when no
   * version between them has migration rules for the direction. Intermediate versions are fetched from
   * {@code registry}.
   */
  public static Migration between(RuleSettings settings, SchemaRegistry registry, String subject, String topic,
      RegisteredSchema writer, RegisteredSchema reader) {
    if (writer.version() < 0 || reader.version() < 0 || writer.version() == reader.version()) {
      return null;
    }
    boolean upgrade = writer.version() < reader.version();
    RegisteredSchema first = upgrade ? writer : reader;
    RegisteredSchema last = upgrade ? reader : writer;
    List<Step> steps = new ArrayList<>();
    RegisteredSchema previous = first;
    for (int v = first.version() + 1; v <= last.version(); v++) {
      RegisteredSchema current = v == last.version() ? last : registry.version(subject, v);
      RulePlan plan = RulePlan.of(settings, current.contract(), current.schema(), subject,
          upgrade ? RuleMode.UPGRADE : RuleMode.DOWNGRADE);
      if (plan != null) {
        // Upgrading turns previous-version data into current-version data; downgrading the other way round.
        steps.add(new Step(plan, upgrade ? current.schema() : previous.schema()));
      }
      previous = current;
    }
    if (steps.isEmpty()) {
      return null;
    }
    if (!upgrade) {
      Collections.reverse(steps);
    }
    return new Migration(List.copyOf(steps), topic);
  }

  /**
   * A reader that reads data written with {@code writerSchema} and returns it migrated into {@code readerSchema}.
   *
   * @param writerReader reads the writer's data with the writer schema itself (no resolution)
   */
  public DatumReader<Object> reader(DatumReader<Object> writerReader, Schema writerSchema, Schema readerSchema,
      GenericData readerModel, boolean isKey) {
    // The last rule leaves the record in its version's shape; Avro resolution takes it the rest of the way.
    Schema migrated = steps.get(steps.size() - 1).result();
    @SuppressWarnings("unchecked")
    DatumReader<Object> toReader = (DatumReader<Object>) readerModel.createDatumReader(migrated, readerSchema);
    @SuppressWarnings("unchecked")
    DatumWriter<Object> toJson = (DatumWriter<Object>) GenericData.get().createDatumWriter(writerSchema);
    return new DatumReader<>() {
      @Override
      public void setSchema(Schema schema) {}

      @Override
      public Object read(Object reuse, Decoder in) throws IOException {
        Object datum = writerReader.read(null, in);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonEncoder encoder = EncoderFactory.get().jsonEncoder(writerSchema, out);
        toJson.write(datum, encoder);
        encoder.flush();
        Object json = JSON.readTree(out.toByteArray());
        for (Step step : steps) {
          json = step.plan().run(topic, null, isKey, datum, json);
        }
        if (!(json instanceof JsonNode node)) {
          throw new IOException("a migration rule returned " + json.getClass().getName() + ", not JSON");
        }
        return toReader.read(null, DecoderFactory.get().jsonDecoder(migrated, JSON.writeValueAsString(node)));
      }
    };
  }
}
