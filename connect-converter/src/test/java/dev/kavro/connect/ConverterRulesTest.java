package dev.kavro.connect;

import static dev.kavro.connect.ConverterFixtures.converter;
import static dev.kavro.connect.ConverterFixtures.freshRegistry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.Rule;
import dev.kavro.registry.RuleSet;
import dev.kavro.registry.SchemaContract;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;

/** The converter does not run data-contract rules, so a schema with rules for the direction must not pass silently. */
class ConverterRulesTest {
  private static final Schema VALUE = SchemaBuilder.struct().name("com.acme.Person")
      .field("name", Schema.STRING_SCHEMA).build();
  private static final String AVRO = "{\"type\":\"record\",\"name\":\"Person\",\"namespace\":\"com.acme\","
      + "\"fields\":[{\"name\":\"name\",\"type\":\"string\"}]}";

  @Test
  void schemasWithRulesFailOnBothSidesUnlessTheOptOutIsSet() {
    MockSchemaRegistry registry = freshRegistry();
    Rule check = new Rule("nameSet", null, "CONDITION", "WRITEREAD", "CEL", null, null, "message.name != ''", null,
        null, false);
    registry.register("people-value", AVRO, List.of(), false,
        new SchemaContract(null, new RuleSet(List.of(), List.of(check))));
    Struct person = new Struct(VALUE).put("name", "ann");

    DataException write = assertThrows(DataException.class, () -> converter(false, Map.of(),
        ConverterPaths.INTERPRETER, registry).fromConnectData("people", VALUE, person));
    assertTrue(write.getMessage().contains("nameSet") && write.getMessage().contains("KavroConverter"),
        write.getMessage());

    KavroConverter lenient = converter(false, Map.of("kavro.rules.unsupported", "warn"),
        ConverterPaths.INTERPRETER, registry);
    byte[] bytes = lenient.fromConnectData("people", VALUE, person);
    assertEquals("ann", ((Struct) lenient.toConnectData("people", bytes).value()).get("name"));
    DataException read = assertThrows(DataException.class, () -> converter(false, Map.of(),
        ConverterPaths.INTERPRETER, registry).toConnectData("people", bytes));
    assertTrue(read.getMessage().contains("nameSet"), read.getMessage());
  }
}
