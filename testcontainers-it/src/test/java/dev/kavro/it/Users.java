package dev.kavro.it;

import dev.kavro.test.specific.Color;
import dev.kavro.test.specific.User;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.GenericRecordBuilder;

/**
 * Deterministic users by index: what was produced for key {@code k} is rebuilt from {@code k} when checking. The
 * current schema is the generated {@link User}; {@link #V1} is its first version, before {@code email} was added.
 */
final class Users {
  static final Schema V1 = new Schema.Parser().parse("""
      {"type":"record","name":"User","namespace":"dev.kavro.test.specific","fields":[
        {"name":"name","type":"string"},
        {"name":"age","type":"int"},
        {"name":"tags","type":{"type":"array","items":"string"}},
        {"name":"color","type":{"type":"enum","name":"Color","symbols":["RED","GREEN","BLUE"]}}]}""");

  private Users() {}

  /** The user of index {@code k}; every third one has no email. */
  static User user(long k) {
    return User.newBuilder()
        .setName("user-" + k)
        .setAge((int) (k % 97))
        .setEmail(k % 3 == 0 ? null : "user" + k + "@example.com")
        .setTags(tags(k))
        .setColor(Color.values()[(int) (k % 3)])
        .build();
  }

  /** The user of index {@code k} as written with {@link #V1} and read with the current schema: no email. */
  static User userFromV1(long k) {
    return User.newBuilder(user(k)).setEmail(null).build();
  }

  /** The same user as a {@link GenericRecord} of the generated class's schema. */
  static GenericRecord generic(User user) {
    return GenericData.get().deepCopy(User.getClassSchema(), user);
  }

  /** The user of index {@code k} written with the first version of the schema. */
  static GenericRecord v1(long k) {
    User user = user(k);
    return new GenericRecordBuilder(V1)
        .set("name", user.getName())
        .set("age", user.getAge())
        .set("tags", user.getTags())
        .set("color", new GenericData.EnumSymbol(V1.getField("color").schema(), user.getColor().name()))
        .build();
  }

  /** Whether a generic datum holds the same values as a user (strings compare as text, enums by symbol). */
  static boolean same(User expected, Object actual) {
    return actual instanceof GenericRecord record
        && GenericData.get().compare(expected, record, User.getClassSchema()) == 0;
  }

  private static List<String> tags(long k) {
    List<String> tags = new ArrayList<>();
    for (int i = 0; i < k % 4; i++) {
      tags.add("tag" + (k + i) % 10);
    }
    return tags;
  }
}
