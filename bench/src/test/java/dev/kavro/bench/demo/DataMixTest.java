package dev.kavro.bench.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.bench.data.BenchCase;
import org.junit.jupiter.api.Test;

class DataMixTest {
  @Test
  void countsOrganizationsAttributesAsNumbersAndTheirIdsAsStrings() {
    DataMix mix = DataMix.of(BenchCase.load("organization"));
    // 40 attributes of 5 numbers and an id, plus the organization's name, category and country.
    assertEquals(200, mix.numbers());
    assertEquals(43, mix.strings());
    assertTrue(mix.stringBytes() < mix.bytes() / 2, mix.describe());
  }

  @Test
  void aStringShapeIsMostlyStrings() {
    DataMix mix = DataMix.of(BenchCase.load("strings"));
    assertEquals(0, mix.numbers());
    assertTrue(mix.stringBytes() > 0.8 * mix.bytes(), mix.describe());
  }
}
