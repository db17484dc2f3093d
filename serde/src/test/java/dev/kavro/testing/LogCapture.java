package dev.kavro.testing;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/** Captures what one logger writes, for tests that count warnings. Close it to detach. */
public final class LogCapture implements AutoCloseable {
  private final Logger logger;
  private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

  public LogCapture(Class<?> loggerOf) {
    this(loggerOf.getName());
  }

  /** Captures the logger {@code name} and, through additivity, its children (for example a whole package). */
  public LogCapture(String name) {
    logger = (Logger) LoggerFactory.getLogger(name);
    appender.start();
    logger.addAppender(appender);
  }

  /** Every event so far at any level, as its formatted message plus its exception chain's text. */
  public List<String> everything() {
    return appender.list.stream().map(e -> e.getFormattedMessage() + (e.getThrowableProxy() == null ? ""
        : " " + ch.qos.logback.classic.spi.ThrowableProxyUtil.asString(e.getThrowableProxy()))).toList();
  }

  /** Events at {@code level} so far. */
  public List<ILoggingEvent> at(Level level) {
    return appender.list.stream().filter(e -> e.getLevel() == level).toList();
  }

  /** The formatted WARN messages so far. */
  public List<String> warnings() {
    return at(Level.WARN).stream().map(ILoggingEvent::getFormattedMessage).toList();
  }

  public long warningsMentioning(String text) {
    return warnings().stream().filter(m -> m.contains(text)).count();
  }

  @Override
  public void close() {
    logger.detachAppender(appender);
  }
}
