package dev.kavro.registry;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/** The JSON shapes of the Confluent REST API that the client sends and reads. */
final class RegistryJson {
  /** The client-side code Confluent uses when an error body is not the registry's JSON. */
  static final int JSON_PARSE_ERROR_CODE = 50005;

  private static final ObjectMapper MAPPER =
      new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private RegistryJson() {}

  /**
   * The common part of {@code SchemaString} (by id or guid), {@code Schema} (lookup, version) and
   * {@code RegisterSchemaResponse}; each field may be absent.
   */
  record SchemaPayload(String schema, String schemaType, List<ReferencePayload> references, Integer id,
      String guid, String subject, Integer version, Metadata metadata, RuleSet ruleSet) {
    SchemaContract contract() {
      return SchemaContract.of(metadata, ruleSet);
    }

    List<SchemaReference> schemaReferences() {
      return references == null ? List.of() : references.stream().map(ReferencePayload::toReference).toList();
    }

    boolean isAvro() {
      return schemaType == null || schemaType.equalsIgnoreCase("AVRO");
    }
  }

  record ReferencePayload(String name, String subject, Integer version) {
    static ReferencePayload of(SchemaReference ref) {
      return new ReferencePayload(ref.name(), ref.subject(), ref.version());
    }

    SchemaReference toReference() {
      if (name == null || subject == null || version == null) {
        throw new RegistryException("Schema reference lacks name, subject or version: " + this, 200,
            JSON_PARSE_ERROR_CODE);
      }
      return new SchemaReference(name, subject, version);
    }
  }

  @JsonInclude(JsonInclude.Include.NON_EMPTY)
  record RegisterRequest(String schema, String schemaType, List<ReferencePayload> references, Metadata metadata,
      RuleSet ruleSet) {}

  record ErrorPayload(@JsonProperty("error_code") Integer errorCode, String message) {}

  static byte[] registerRequest(String schemaText, List<SchemaReference> references) {
    return registerRequest(schemaText, references, SchemaContract.NONE);
  }

  /** A register or lookup body; the contract's metadata and rule set go along when set, as Confluent sends them. */
  static byte[] registerRequest(String schemaText, List<SchemaReference> references, SchemaContract contract) {
    try {
      return MAPPER.writeValueAsBytes(new RegisterRequest(schemaText, "AVRO",
          references.stream().map(ReferencePayload::of).toList(), contract.metadata(), contract.ruleSet()));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("Cannot write a register request", e);
    }
  }

  /**
   * Reads a schema response.
   *
   * @throws RegistryException with error code 50005 when the body is not such JSON
   */
  static SchemaPayload schema(InputStream body, String call) {
    try (body) {
      SchemaPayload payload = MAPPER.readValue(body, SchemaPayload.class);
      if (payload == null) {
        throw new IOException("empty body");
      }
      return payload;
    } catch (IOException e) {
      throw new RegistryException(call + " returned a body that is not the expected JSON: " + e.getMessage(), 200,
          JSON_PARSE_ERROR_CODE, false, e);
    } catch (OutOfMemoryError e) {
      // What the parse built is garbage once this unwinds; the body is not asked for again.
      throw new RegistryException(call + " returned a body too large for the heap to parse", 200,
          JSON_PARSE_ERROR_CODE, false, null);
    }
  }

  /** Reads an error body, or returns {@code null} when it is not the registry's error JSON. */
  static ErrorPayload error(InputStream body) {
    try (body) {
      ErrorPayload payload = MAPPER.readValue(body, ErrorPayload.class);
      return payload == null || payload.errorCode() == null && payload.message() == null ? null : payload;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
