package dev.kavro.bench;

import dev.kavro.bench.ab.ConnectJarAb;
import dev.kavro.bench.ab.DecodeJarAb;
import dev.kavro.bench.ab.EncodeJarAb;
import dev.kavro.bench.demo.Demo;
import java.util.Arrays;

/**
 * The runnable jar's entry point. {@code ratios}, {@code metaspace} and {@code demo} start the bench's own commands;
 * {@code ab-decode}, {@code ab-encode} and {@code ab-connect} the one-JVM A/B harnesses that compare two jars of Kavro
 * ({@code dev.kavro.bench.ab}); anything else goes to JMH's {@code Main} unchanged ({@code -h} for its options,
 * {@code -l} to list benchmarks).
 */
public final class BenchMain {
  private BenchMain() {}

  public static void main(String[] args) throws Throwable {
    String command = args.length > 0 ? args[0] : "";
    String[] rest = args.length > 0 ? Arrays.copyOfRange(args, 1, args.length) : args;
    switch (command) {
      case "ratios" -> RatioRunner.main(rest);
      case "metaspace" -> MetaspaceRun.main(rest);
      case "demo" -> System.exit(Demo.run(rest));
      case "ab-decode" -> DecodeJarAb.main(rest);
      case "ab-encode" -> EncodeJarAb.main(rest);
      case "ab-connect" -> ConnectJarAb.main(rest);
      default -> org.openjdk.jmh.Main.main(args);
    }
  }
}
