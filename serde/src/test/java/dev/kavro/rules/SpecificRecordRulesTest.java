package dev.kavro.rules;

import static dev.kavro.rules.RulesFixtures.deserializer;
import static dev.kavro.rules.RulesFixtures.rule;
import static dev.kavro.rules.RulesFixtures.serializer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.StubRegistry;
import dev.kavro.test.specific.Color;
import dev.kavro.test.specific.User;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Rules on generated SpecificRecord classes, and a custom executor named in rule.executors. */
@Timeout(60)
class SpecificRecordRulesTest extends StubRegistryTestBase {
  @Test
  void specificRecordsAreCheckedOnWriteAndTransformedOnRead() {
    Map<String, Object> metadata = Map.of("tags", Map.of("dev.kavro.test.specific.User.email", List.of("PII")));
    serve(metadata, Map.of("domainRules", List.of(
        rule("knownColor", "CONDITION", "WRITE", "CEL", "message.color in ['RED', 'GREEN'] && size(message.tags) > 0"),
        rule("hideEmail", "TRANSFORM", "READ", "CEL_FIELD", "value != null ; 'hidden'",
            "tags", List.of("PII")))));
    User user = User.newBuilder().setName("ann").setAge(30).setEmail("a@example.com").setTags(List.of("x"))
        .setColor(Color.RED).build();

    byte[] bytes = serializer(registry).serialize("users", user);
    User read = (User) deserializer(registry, "specific.avro.reader", "true").deserialize("users", bytes);

    assertEquals("hidden", read.getEmail().toString());
    assertEquals("ann", read.getName().toString());
    assertEquals(Color.RED, read.getColor());
    User noEmail = User.newBuilder(user).setEmail(null).build();
    User readNoEmail = (User) deserializer(registry, "specific.avro.reader", "true")
        .deserialize("users", serializer(registry).serialize("users", noEmail));
    assertNull(readNoEmail.getEmail());
    SerializationException e = assertThrows(SerializationException.class,
        () -> serializer(registry).serialize("users", User.newBuilder(user).setColor(Color.BLUE).build()));
    assertTrue(e.getMessage().contains("knownColor"), e.getMessage());
  }

  @Test
  void aCustomExecutorNamedInTheConfigRunsWithItsParams() {
    serve(null, Map.of("domainRules", List.of(rule("suffix", "TRANSFORM", "WRITE", "SUFFIX", null))));
    User user = User.newBuilder().setName("ann").setAge(30).setTags(List.of()).setColor(Color.RED).build();

    byte[] bytes = serializer(registry, "rule.executors", "mine", "rule.executors.mine.class",
        SuffixExecutor.class.getName(), "rule.executors.mine.param.suffix", "!").serialize("users", user);

    User read = (User) deserializer(registry, "specific.avro.reader", "true").deserialize("users", bytes);
    assertEquals("ann!", read.getName().toString());
  }

  /** Appends its configured suffix to the record's name. */
  public static final class SuffixExecutor implements RuleExecutor {
    private volatile String suffix = "";

    @Override
    public String type() {
      return "SUFFIX";
    }

    @Override
    public void configure(Map<String, ?> configs) {
      suffix = String.valueOf(configs.get("suffix"));
    }

    @Override
    public Object transform(RuleContext ctx, Object message) {
      User user = (User) message;
      user.setName(user.getName() + suffix);
      return user;
    }
  }

  private void serve(Map<String, ?> metadata, Map<String, ?> ruleSet) {
    Map<String, Object> body = new LinkedHashMap<>(
        RulesFixtures.schema(User.getClassSchema().toString(), 1, 1, metadata, ruleSet));
    stub.on("POST /subjects/users-value/versions?normalize=false", StubRegistry.Response.ok(body));
    stub.on("GET /schemas/ids/1", StubRegistry.Response.ok(body));
    stub.on("GET /schemas/ids/1?subject=users-value", StubRegistry.Response.ok(body));
  }
}
