package io.mediagate.catalog.catalog;

/** The catalog file cannot be used; the message names the file, the place and the field. */
public class InvalidCatalogException extends RuntimeException {
    public InvalidCatalogException(String message) {
        super(message);
    }
}
