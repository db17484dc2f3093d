package dev.kavro.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;
import org.junit.jupiter.api.Test;

class SchemaIdTest {
  @Test
  void integerIdHasNoGuid() {
    SchemaId id = SchemaId.ofId(42);
    assertFalse(id.isGuid());
    assertEquals(42, id.id());
    assertThrows(IllegalStateException.class, id::guid);
    assertEquals("42", id.toString());
  }

  @Test
  void guidHasNoIntegerId() {
    UUID guid = UUID.fromString("0b4f0c1e-2a3b-4c5d-8e9f-001122334455");
    SchemaId id = SchemaId.ofGuid(guid);
    assertTrue(id.isGuid());
    assertEquals(guid, id.guid());
    assertThrows(IllegalStateException.class, id::id);
    assertEquals("guid " + guid, id.toString());
  }

  @Test
  void equalityFollowsValue() {
    UUID guid = UUID.randomUUID();
    assertEquals(SchemaId.ofId(7), SchemaId.ofId(7));
    assertEquals(SchemaId.ofId(7).hashCode(), SchemaId.ofId(7).hashCode());
    assertNotEquals(SchemaId.ofId(7), SchemaId.ofId(8));
    assertEquals(SchemaId.ofGuid(guid), SchemaId.ofGuid(new UUID(guid.getMostSignificantBits(),
        guid.getLeastSignificantBits())));
    assertNotEquals(SchemaId.ofGuid(guid), SchemaId.ofId(-1));
  }

  @Test
  void rejectsNullGuid() {
    assertThrows(NullPointerException.class, () -> SchemaId.ofGuid(null));
  }
}
