package io.mediagate.common.calls;

/**
 * A command and the file it is about, sent as one body: the command as a JSON line, then the file's bytes (no file
 * inside JSON). A body of an internal REST Client ({@link InternalClients} writes it); for a file in memory.
 */
public record WithFile(Object command, byte[] file) {}
